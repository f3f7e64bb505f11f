import type { z } from 'zod';
import { removeStoredFiles } from '@/lib/attachments/remove-stored-files';
import type { Ctx } from '@/lib/context';
import type { alertIdParams } from './find-visible-alert';
import { findOwnDraft, notDraft } from './find-own-draft';

/**
 * DELETE /api/deleteDraft/{id} (and DELETE /api/alerts/{id} for a draft): the caller's own draft and its attachments;
 * their files are removed from storage once the rows are gone. 404 unknown or not the caller's, 409 `notDraft` once sent.
 */
export async function deleteDraft(ctx: Ctx, input: z.output<typeof alertIdParams>) {
  const storageKeys = await ctx.db.$transaction(async (tx) => {
    const draft = await findOwnDraft(ctx, input.id, tx);
    const files = await tx.attachment.findMany({ where: { alertId: draft.id }, select: { storageKey: true } });
    const deleted = await tx.alert.deleteMany({ where: { id: draft.id, status: 'draft' } });
    if (deleted.count === 0) throw notDraft();
    return files.map((file) => file.storageKey);
  });
  await removeStoredFiles(storageKeys);
  return {};
}
