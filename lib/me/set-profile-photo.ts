import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { UserCtx } from '@/lib/context';
import { storage } from '@/lib/providers/storage/storage';
import { photoPrefix, PROFILE_PHOTO_MAX_BYTES } from './profile-photo-key';
import { profilePhotoUrl } from './profile-photo-url';

export const setProfilePhotoBody = z.object({ key: z.string().min(1).max(300) });

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
