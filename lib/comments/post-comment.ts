import { z } from 'zod';
import type { alertIdParams } from '@/lib/alerts/find-visible-alert';
import { attachmentUploadsField } from '@/lib/attachments/attachment-limits';
import type { Ctx } from '@/lib/context';
import { lockCommentableAlert } from './commentable-alert';
import { createComment, saveComment } from './save-comment';

export const COMMENT_MAX_LENGTH = 2000;

export const commentBody = z.object({
  message: z.string().trim().min(1).max(COMMENT_MAX_LENGTH),
  attachments: attachmentUploadsField.default([]),
  /**
   * The sender's own id for this comment (a reply queued without a network): sent again, the comment already posted
   * with it is the answer, not a second one.
   */
  clientId: z.uuid().optional(),
});

/** POST /api/alerts/{id}/comments: anyone who sees the active alert comments on it (404 / 409 `alertClosed`). */
export async function postComment(ctx: Ctx, input: z.output<typeof alertIdParams> & z.output<typeof commentBody>) {
  return saveComment(ctx, input.attachments, async (tx) => {
    const alert = await lockCommentableAlert(ctx, tx, input.id, false);
    // The alert row is locked: a repeat of the same clientId waits here and finds the first one.
    const posted = input.clientId
      ? await tx.alertComment.findUnique({
          where: { alertId_authorId_clientId: { alertId: alert.id, authorId: ctx.userId, clientId: input.clientId } },
          select: { id: true },
        })
      : null;
    if (posted) return { commentId: posted.id, repeated: true };
    return {
      commentId: await createComment(ctx, tx, alert.id, 'comment', input.message, input.clientId),
      repeated: false,
    };
  });
}
