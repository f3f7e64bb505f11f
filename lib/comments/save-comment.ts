import type { AttachmentUpload } from '@/lib/attachments/attachment-limits';
import { claimUploads } from '@/lib/attachments/claim-uploads';
import type { Ctx } from '@/lib/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { CommentType } from '@/lib/generated/prisma/enums';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';
import { commentView, commentViewSelect } from './comment-view';

/**
 * The common part of posting a comment or an update: in one transaction `write` adds the comment (and returns its id),
 * the uploads are claimed for it; after the commit the company hears alertChanged. Answers the comment. A repeat
 * (`repeated`: the comment was posted before with the same clientId) changes nothing and answers that comment.
 */
export async function saveComment(
  ctx: Ctx,
  uploads: AttachmentUpload[],
  write: (tx: Prisma.TransactionClient) => Promise<{ commentId: string; repeated: boolean }>,
) {
  const { row, repeated } = await ctx.db.$transaction(async (tx) => {
    const written = await write(tx);
    if (!written.repeated) await claimUploads(ctx, tx, uploads, { commentId: written.commentId });
    const saved = await tx.alertComment.findUniqueOrThrow({
      where: { id: written.commentId },
      select: commentViewSelect,
    });
    return { row: saved, repeated: written.repeated };
  });
  if (!repeated) emitCompanyEvent('alertChanged', ctx.company.id, { alertId: row.alertId });
  return commentView(row);
}

/** A new timeline entry by the caller, stamped with the app clock. */
export async function createComment(
  ctx: Ctx,
  tx: Prisma.TransactionClient,
  alertId: string,
  messageType: CommentType,
  message: string,
  clientId?: string,
): Promise<string> {
  const comment = await tx.alertComment.create({
    data: {
      alertId,
      companyId: ctx.company.id,
      authorId: ctx.userId,
      messageType,
      message,
      clientId: clientId ?? null,
      createdAt: ctx.now,
    },
    select: { id: true },
  });
  return comment.id;
}
