import type { z } from 'zod';
import type { alertIdParams } from '@/lib/alerts/find-visible-alert';
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
