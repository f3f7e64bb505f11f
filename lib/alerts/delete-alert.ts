import type { z } from 'zod';
import { removeStoredFiles } from '@/lib/attachments/remove-stored-files';
import type { Ctx } from '@/lib/context';
import { ApiError } from '@/lib/api-error';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';
import { canManageAlert } from './can-manage-alert';
import { deleteDraft } from './delete-draft';
import { findVisibleAlert, type alertIdParams } from './find-visible-alert';

/**
 * DELETE /api/alerts/{id}: a closed alert the caller may manage (404 when not visible, 403 when not an admin or its
 * sender, 409 `alertActive` while active), with its recipients, receipts, comments and attachments; the attachments'
 * files (the alert's and its comments') are removed from storage once the rows are gone. An own draft goes the way of
 * DELETE /api/deleteDraft/{id}.
 */
export async function deleteAlert(ctx: Ctx, input: z.output<typeof alertIdParams>) {
  const alert = await findVisibleAlert(ctx, input.id, { id: true, authorId: true, status: true });
  if (!canManageAlert(ctx, alert)) throw ApiError.forbidden('Only an admin or the sender can delete the alert');
  if (alert.status === 'draft') return deleteDraft(ctx, { id: alert.id });
  if (alert.status === 'active')
    throw ApiError.conflict('Close the alert before deleting it').with({ code: 'alertActive' });

  const storageKeys = await ctx.db.$transaction(async (tx) => {
    const files = await tx.attachment.findMany({
      where: { OR: [{ alertId: alert.id }, { comment: { alertId: alert.id } }] },
      select: { storageKey: true },
    });
    const deleted = await tx.alert.deleteMany({ where: { id: alert.id, status: 'completed' } });
    if (deleted.count === 0) throw ApiError.notFound('The alert');
    return files.map((file) => file.storageKey);
  });
  await removeStoredFiles(storageKeys);
  emitCompanyEvent('alertChanged', ctx.company.id, { alertId: alert.id });
  return {};
}
