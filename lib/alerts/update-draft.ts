import type { z } from 'zod';
import { claimUploads } from '@/lib/attachments/claim-uploads';
import type { Ctx } from '@/lib/context';
import { assertKnownTargets } from '@/lib/targeting/validate-target';
import { alertColumns, type DraftBody, type DraftChangeBody } from './alert-body';
import type { alertIdParams } from './find-visible-alert';
import { findOwnDraft, notDraft } from './find-own-draft';

/** PUT /api/alerts/{id}: the caller's draft saved again; without a severity it keeps its own. */
export async function updateDraft(ctx: Ctx, input: DraftChangeBody & z.output<typeof alertIdParams>) {
  return updateOwnDraft(ctx, input.id, input, input.severity);
}

/** The caller's draft `id` saved with the body's fields (saveDraft with a `draftId` too). */
export async function updateOwnDraft(ctx: Ctx, id: string, input: DraftChangeBody, severity: DraftBody['severity']) {
  await assertKnownTargets(ctx.db, ctx, input.target);
  return ctx.db.$transaction(async (tx) => {
    const draft = await findOwnDraft(ctx, id, tx);
    // The status condition keeps a draft that was sent meanwhile from being changed.
    const saved = await tx.alert.updateMany({
      where: { id: draft.id, status: 'draft' },
      data: alertColumns(input, severity ?? (draft.type as NonNullable<DraftBody['severity']>)),
    });
    if (saved.count === 0) throw notDraft();
    await claimUploads(ctx, tx, input.attachments, { alertId: draft.id });
    return { alertId: draft.id };
  });
}
