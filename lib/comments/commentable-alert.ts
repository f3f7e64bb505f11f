import { canManageAlert } from '@/lib/alerts/can-manage-alert';
import { findVisibleAlert } from '@/lib/alerts/find-visible-alert';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { AlertStatus } from '@/lib/generated/prisma/enums';

type Viewer = Pick<Ctx, 'db' | 'company' | 'userId' | 'role'>;

/** Only an active alert takes comments: 409 `alertClosed` once closed, 409 `notSent` for a draft. */
export function assertCommentable(status: AlertStatus): void {
  if (status === 'completed')
    throw ApiError.conflict('A closed alert cannot be commented').with({ code: 'alertClosed' });
  if (status === 'draft') throw ApiError.conflict('A draft cannot be commented').with({ code: 'notSent' });
}

/** A visible alert (404 otherwise) that takes comments (409 otherwise), for an upload link. */
export async function findCommentableAlert(ctx: Viewer, alertId: string) {
  const alert = await findVisibleAlert(ctx, alertId, { id: true, status: true });
  assertCommentable(alert.status);
  return alert;
}

/**
 * In the caller's transaction: the visible alert (404), when `mustManage` one the caller may manage (403), locked
 * against a concurrent close until the transaction ends and still active (409). The lock is FOR NO KEY UPDATE, the
 * one a close's UPDATE takes, so a comment and a close are ordered and a comment never lands after the closing.
 */
export async function lockCommentableAlert(
  ctx: Viewer,
  tx: Prisma.TransactionClient,
  alertId: string,
  mustManage: boolean,
) {
  const alert = await findVisibleAlert(ctx, alertId, { id: true, authorId: true }, tx);
  if (mustManage && !canManageAlert(ctx, alert))
    throw ApiError.forbidden('Only an admin or the sender can post an update');
  const [locked] = await tx.$queryRaw<
    { status: AlertStatus }[]
  >`SELECT status FROM "Alert" WHERE id = ${alert.id}::uuid FOR NO KEY UPDATE`;
  assertCommentable(locked.status);
  return alert;
}
