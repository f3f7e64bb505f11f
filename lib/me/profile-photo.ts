import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { UserCtx } from '@/lib/context';
import { storage } from '@/lib/providers/storage/storage';
import { profilePhotoUrl } from './profile-photo-url';

export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const UPLOAD_LINK_SECONDS = 10 * 60;
const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

export const uploadLinkQuery = z.object({ contentType: z.enum(Object.keys(EXTENSIONS) as [keyof typeof EXTENSIONS]) });
export const setProfilePhotoBody = z.object({ key: z.string().min(1).max(300) });

const photoPrefix = (userId: string) => `users/${userId}/photo-`;

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

/** Makes an uploaded file the user's photo; only a file uploaded through the user's own link is accepted. */
export async function setProfilePhoto(ctx: UserCtx, input: z.output<typeof setProfilePhotoBody>) {
  if (!input.key.startsWith(photoPrefix(ctx.userId)) || input.key.includes('..'))
    throw ApiError.badRequest('key is not valid');
  const uploaded = await storage().stat(input.key);
  if (!uploaded) throw ApiError.badRequest('The photo has not been uploaded yet').with({ code: 'notUploaded' });
  if (uploaded.size > PROFILE_PHOTO_MAX_BYTES) throw ApiError.tooLarge('The photo is larger than 5 MB');
  const previous = await ctx.db.user.findUniqueOrThrow({
    where: { id: ctx.userId },
    select: { profilePhotoKey: true },
  });
  await ctx.db.user.update({ where: { id: ctx.userId }, data: { profilePhotoKey: input.key } });
  if (previous.profilePhotoKey && previous.profilePhotoKey !== input.key)
    await storage().remove(previous.profilePhotoKey);
  return { profilePhoto: await profilePhotoUrl(input.key) };
}

export async function removeProfilePhoto(ctx: UserCtx) {
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: ctx.userId }, select: { profilePhotoKey: true } });
  await ctx.db.user.update({ where: { id: ctx.userId }, data: { profilePhotoKey: null } });
  if (user.profilePhotoKey) await storage().remove(user.profilePhotoKey);
  return {};
}
