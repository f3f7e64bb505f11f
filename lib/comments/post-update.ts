import { z } from 'zod';
import { closeAlert } from '@/lib/alerts/close-alert';
import type { alertIdParams } from '@/lib/alerts/find-visible-alert';
import type { Ctx } from '@/lib/context';
import { lockCommentableAlert } from './commentable-alert';
import { commentBody } from './post-comment';
import { createComment, saveComment } from './save-comment';

export const updateBody = commentBody.omit({ clientId: true }).extend({ complete: z.boolean().default(false) });

/**
 * POST /api/alerts/{id}/comments/update: an admin or the sender posts an update (403 for others); with `complete` the
 * update also closes the alert, in the same transaction, through closeAlert (which writes the completing update).
 */
export async function postUpdate(ctx: Ctx, input: z.output<typeof alertIdParams> & z.output<typeof updateBody>) {
  return saveComment(ctx, input.attachments, async (tx) => {
    const alert = await lockCommentableAlert(ctx, tx, input.id, true);
    if (!input.complete)
      return { commentId: await createComment(ctx, tx, alert.id, 'update', input.message), repeated: false };
    const { commentId } = await closeAlert(ctx, alert.id, { message: input.message }, tx);
    // The body requires a message, so closeAlert has written the completing update.
    if (!commentId) throw new Error('closeAlert wrote no update comment');
    return { commentId, repeated: false };
  });
}
