import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import type { DbClient } from '@/lib/db';
import { findVisibleAlert } from './find-visible-alert';

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
