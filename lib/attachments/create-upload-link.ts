import { z } from 'zod';
import type { Ctx } from '@/lib/context';
import { storage } from '@/lib/providers/storage/storage';
import { assertAttachmentAllowed, contentTypeField, MAX_ATTACHMENT_BYTES } from './attachment-limits';
import { newUploadKey } from './upload-key';

const UPLOAD_LINK_SECONDS = 15 * 60;

/** `{name}` of the attachmentUploadUrl and attachmentDeleteUrl routes: the file's name. */
export const attachmentNameParams = z.object({ name: z.string().trim().min(1).max(200) });
/** `?contentType=&size=` of an upload link: the file's type and its size in bytes, checked against the limits up front. */
export const uploadLinkQuery = z.object({ contentType: contentTypeField, size: z.coerce.number().int().min(0) });

/**
 * A signed PUT link for one attachment under the caller's upload prefix: `{ url, method, headers, key, maxBytes }`.
 * The file becomes an attachment only when a send or a comment claims its key (claimUploads).
 */
export async function createUploadLink(
  ctx: Pick<Ctx, 'userId' | 'company'>,
  input: z.output<typeof attachmentNameParams> & z.output<typeof uploadLinkQuery>,
) {
  assertAttachmentAllowed({ name: input.name, contentType: input.contentType, size: input.size });
  const key = newUploadKey(ctx, input.name);
  const link = await storage().uploadUrl(key, {
    contentType: input.contentType,
    maxBytes: MAX_ATTACHMENT_BYTES,
    expiresInSeconds: UPLOAD_LINK_SECONDS,
  });
  return { ...link, key, maxBytes: MAX_ATTACHMENT_BYTES };
}
