import { claimUploads } from '@/lib/attachments/claim-uploads';
import type { Ctx } from '@/lib/context';
import { assertKnownTargets } from '@/lib/targeting/validate-target';
import { alertColumns, severityFor, type DraftBody, type SeverityKind } from './alert-body';
import { updateOwnDraft } from './update-draft';

/**
 * POST /api/alerts/alertDraft and /alarmDraft: a new draft `{ alertId }`, or with `draftId` that draft saved again. The body replaces the draft's fields; uploads are claimed for it (files it already has are kept).
 */
export async function saveDraft(ctx: Ctx, input: DraftBody, kind: SeverityKind) {
  const severity = severityFor(kind, input.severity);
  if (input.draftId) return updateOwnDraft(ctx, input.draftId, input, severity);
  await assertKnownTargets(ctx.db, ctx, input.target);
  const alertId = await ctx.db.$transaction(async (tx) => {
    const draft = await tx.alert.create({
      data: { ...alertColumns(input, severity), companyId: ctx.company.id, authorId: ctx.userId, status: 'draft' },
      select: { id: true },
    });
    await claimUploads(ctx, tx, input.attachments, { alertId: draft.id });
    return draft.id;
  });
  return { alertId };
}
