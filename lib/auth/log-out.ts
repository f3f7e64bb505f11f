import type { Ctx, UserCtx } from '@/lib/context';

/** Ends the session the request was made with. */
export async function logOut(ctx: Ctx | UserCtx) {
  await ctx.db.session.update({ where: { id: ctx.sessionId }, data: { revokedAt: ctx.now, revokedReason: 'logout' } });
  return {};
}
