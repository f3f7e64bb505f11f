import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import { storage } from '@/lib/providers/storage/storage';
import type { attachmentNameParams } from './create-upload-link';
import { isUploadKeyUnder, safeFileName, uploadPrefix } from './upload-key';

const DELETE_LINK_SECONDS = 5 * 60;

export const deleteLinkQuery = z.object({ key: z.string().min(1).max(512) });

/**
 * A signed DELETE link for an upload the caller no longer wants (removed from the form before sending). Only for the
 * caller's own upload of that name that exists and is not attached to anything; else 404. An attachment is removed
 * with its alert or comment, never through a link.
 */
export async function createDeleteLink(
  ctx: Pick<Ctx, 'db' | 'userId' | 'company'>,
  input: z.output<typeof attachmentNameParams> & z.output<typeof deleteLinkQuery>,
) {
  const notFound = ApiError.notFound('The upload');
  const ownUpload =
    isUploadKeyUnder(uploadPrefix(ctx), input.key) && input.key.endsWith(`/${safeFileName(input.name)}`);
  if (!ownUpload) throw notFound;
  const [claimed, uploaded] = await Promise.all([
    ctx.db.attachment.count({ where: { storageKey: input.key } }),
    storage().stat(input.key),
  ]);
  if (claimed > 0 || !uploaded) throw notFound;
  return storage().deleteUrl(input.key, { expiresInSeconds: DELETE_LINK_SECONDS });
}
