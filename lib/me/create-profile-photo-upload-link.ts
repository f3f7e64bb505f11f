import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { UserCtx } from '@/lib/context';
import { storage } from '@/lib/providers/storage/storage';
import { photoPrefix, PROFILE_PHOTO_MAX_BYTES } from './profile-photo-key';

const UPLOAD_LINK_SECONDS = 10 * 60;
const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

export const uploadLinkQuery = z.object({ contentType: z.enum(Object.keys(EXTENSIONS) as [keyof typeof EXTENSIONS]) });

/** Where the browser uploads a new photo (a signed PUT through the storage driver); set it with setProfilePhoto. */
export async function createProfilePhotoUploadLink(ctx: UserCtx, input: z.output<typeof uploadLinkQuery>) {
  const key = `${photoPrefix(ctx.userId)}${randomUUID()}.${EXTENSIONS[input.contentType]}`;
  const link = await storage().uploadUrl(key, {
    contentType: input.contentType,
    maxBytes: PROFILE_PHOTO_MAX_BYTES,
    expiresInSeconds: UPLOAD_LINK_SECONDS,
  });
  return { ...link, key, maxBytes: PROFILE_PHOTO_MAX_BYTES };
}
