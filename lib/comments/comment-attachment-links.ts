import type { z } from 'zod';
import { findVisibleAlert, type alertIdParams } from '@/lib/alerts/find-visible-alert';
import { createDeleteLink, type deleteLinkQuery } from '@/lib/attachments/create-delete-link';
import {
  createUploadLink,
  type attachmentNameParams,
  type uploadLinkQuery,
} from '@/lib/attachments/create-upload-link';
import type { Ctx } from '@/lib/context';
import { findCommentableAlert } from './commentable-alert';

type Named = z.output<typeof alertIdParams> & z.output<typeof attachmentNameParams>;

/** An upload link for a comment's file: for anyone who sees the alert while it is active (404 / 409 `alertClosed`). */
export async function createCommentUploadLink(ctx: Ctx, input: Named & z.output<typeof uploadLinkQuery>) {
  await findCommentableAlert(ctx, input.id);
  return createUploadLink(ctx, input);
}

/** A delete link for an unclaimed upload of the caller, asked from an alert the caller sees (404 otherwise). */
export async function createCommentDeleteLink(ctx: Ctx, input: Named & z.output<typeof deleteLinkQuery>) {
  await findVisibleAlert(ctx, input.id, { id: true });
  return createDeleteLink(ctx, input);
}
