import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';
import { canManageAlert } from './can-manage-alert';
import { findVisibleAlert } from './find-visible-alert';

export const CLOSING_MESSAGE_MAX = 2000;

/** POST /api/alerts/{id}/close: an optional closing message (blank = none). */
export const closeAlertBody = z.object({ message: z.string().trim().max(CLOSING_MESSAGE_MAX).optional() });

/**
 * Closes an active alert the caller may manage (404 when not visible, 403 when not an admin or its sender, 409
 * `alertClosed` when already closed, 409 `notSent` for a draft): status completed, closedAt, closedById, and with a
 * message an `update` comment that completes it. Returns that comment's id (null without a message).
 *
 * Given a transaction `tx`, it runs inside it and the caller emits alertChanged after its commit (comments/update with
 * complete=true); without one it runs in its own and emits itself.
 */
export async function closeAlert(
  ctx: Ctx,
  alertId: string,
  closing: { message?: string },
  tx?: Prisma.TransactionClient,
): Promise<{ commentId: string | null }> {
  if (tx) return closeAlertIn(ctx, tx, alertId, closing.message);
  const result = await ctx.db.$transaction((inner) => closeAlertIn(ctx, inner, alertId, closing.message));
  emitCompanyEvent('alertChanged', ctx.company.id, { alertId });
  return result;
}

async function closeAlertIn(ctx: Ctx, tx: Prisma.TransactionClient, alertId: string, message: string | undefined) {
  const alert = await findVisibleAlert(ctx, alertId, { id: true, authorId: true, status: true }, tx);
  if (!canManageAlert(ctx, alert)) throw ApiError.forbidden('Only an admin or the sender can close the alert');
  if (alert.status === 'draft') throw ApiError.conflict('A draft cannot be closed').with({ code: 'notSent' });
  // Conditional on still being active, so that of two simultaneous closes exactly one wins.
  const closed = await tx.alert.updateMany({
    where: { id: alert.id, status: 'active' },
    data: { status: 'completed', closedAt: ctx.now, closedById: ctx.userId },
  });
  if (closed.count === 0) throw ApiError.conflict('The alert is already closed').with({ code: 'alertClosed' });
  const text = message?.trim() ?? '';
  if (!text) return { commentId: null };
  const comment = await tx.alertComment.create({
    data: {
      alertId: alert.id,
      companyId: ctx.company.id,
      authorId: ctx.userId,
      messageType: 'update',
      message: text,
      completes: true,
    },
    select: { id: true },
  });
  return { commentId: comment.id };
}
