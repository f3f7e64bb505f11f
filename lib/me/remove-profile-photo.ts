import type { UserCtx } from '@/lib/context';
import { storage } from '@/lib/providers/storage/storage';

export async function removeProfilePhoto(ctx: UserCtx) {
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: ctx.userId }, select: { profilePhotoKey: true } });
  await ctx.db.user.update({ where: { id: ctx.userId }, data: { profilePhotoKey: null } });
  if (user.profilePhotoKey) await storage().remove(user.profilePhotoKey);
  return {};
}
