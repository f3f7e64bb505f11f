import { isAdmin } from '@/lib/auth/roles';
import type { Ctx } from '@/lib/context';

/** Who may close, delete or post an update to an alert (spec §6): an admin or its sender. */
export function canManageAlert(ctx: Pick<Ctx, 'userId' | 'role'>, alert: { authorId: string | null }): boolean {
  return isAdmin(ctx.role) || (alert.authorId !== null && alert.authorId === ctx.userId);
}
