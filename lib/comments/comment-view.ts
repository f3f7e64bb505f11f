import { attachmentOrder, attachmentView, attachmentViewSelect } from '@/lib/attachments/attachment-view';
import type { Prisma } from '@/lib/generated/prisma/client';
import { profilePhotoUrl } from '@/lib/me/profile-photo-url';

export const commentViewSelect = {
  id: true,
  alertId: true,
  messageType: true,
  message: true,
  completes: true,
  createdAt: true,
  authorId: true,
  author: { select: { name: true, profilePhotoKey: true } },
  attachments: { select: attachmentViewSelect, orderBy: attachmentOrder },
} satisfies Prisma.AlertCommentSelect;

export type CommentRow = Prisma.AlertCommentGetPayload<{ select: typeof commentViewSelect }>;

/** The timeline's order: oldest first. */
export const commentOrder = [
  { createdAt: 'asc' },
  { id: 'asc' },
] satisfies Prisma.AlertCommentOrderByWithRelationInput[];

/** One timeline entry (spec §3 Alert comment); author and photo are null once the author's account is gone. */
export async function commentView(row: CommentRow) {
  const [photo, attachments] = await Promise.all([
    profilePhotoUrl(row.author?.profilePhotoKey ?? null),
    Promise.all(row.attachments.map(attachmentView)),
  ]);
  return {
    timelineId: row.id,
    messageType: row.messageType,
    message: row.message,
    author: row.author?.name ?? null,
    authorId: row.authorId,
    photo,
    created: row.createdAt.toISOString(),
    completes: row.completes,
    attachments,
  };
}
