import type { z } from 'zod';
import { findVisibleAlert, type alertIdParams } from '@/lib/alerts/find-visible-alert';
import { createDeleteLink, type deleteLinkQuery } from '@/lib/attachments/create-delete-link';
import type { attachmentNameParams } from '@/lib/attachments/create-upload-link';
import type { Ctx } from '@/lib/context';

type Named = z.output<typeof alertIdParams> & z.output<typeof attachmentNameParams>;

/** A delete link for an unclaimed upload of the caller, asked from an alert the caller sees (404 otherwise). */
export async function createCommentDeleteLink(ctx: Ctx, input: Named & z.output<typeof deleteLinkQuery>) {
  await findVisibleAlert(ctx, input.id, { id: true });
  return createDeleteLink(ctx, input);
}
