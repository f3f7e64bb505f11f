import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { claimUploads } from '@/lib/attachments/claim-uploads';
import type { Ctx } from '@/lib/context';
import type { DbClient } from '@/lib/db';
import { assertKnownTargets } from '@/lib/targeting/validate-target';
import { alertColumns, severityFor, type DraftBody, type DraftChangeBody, type SeverityKind } from './alert-body';
import { findVisibleAlert, type alertIdParams } from './find-visible-alert';

/** 409 `notDraft`: the alert has been sent (or is not the caller's draft). */
export const notDraft = () => ApiError.conflict('Only a draft can be changed').with({ code: 'notDraft' });

/**
 * The caller's own draft, for changing, sending or deleting it: 404 when it is not one the caller can see (another
 * person's draft is never visible), 409 `notDraft` when it has been sent.
 */
export async function findOwnDraft(ctx: Ctx, id: string, client: DbClient = ctx.db) {
  const alert = await findVisibleAlert(ctx, id, { id: true, type: true, status: true, authorId: true }, client);
  if (alert.status !== 'draft' || alert.authorId !== ctx.userId) {
    throw notDraft();
  }
  return alert;
}

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

/** PUT /api/alerts/{id}: the caller's draft saved again; without a severity it keeps its own. */
export async function updateDraft(ctx: Ctx, input: DraftChangeBody & z.output<typeof alertIdParams>) {
  return updateOwnDraft(ctx, input.id, input, input.severity);
}

async function updateOwnDraft(ctx: Ctx, id: string, input: DraftChangeBody, severity: DraftBody['severity']) {
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
