import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import type { DbClient } from '@/lib/db';
import { isUniqueViolation } from '@/lib/db/is-unique-violation';
import type { Prisma } from '@/lib/generated/prisma/client';
import { storage } from '@/lib/providers/storage/storage';
import { assertAttachmentAllowed, MAX_ATTACHMENTS, type AttachmentUpload } from './attachment-limits';
import { isUploadKeyUnder, uploadPrefix } from './upload-key';

export type AttachmentOwner = { alertId: string } | { commentId: string } | { scenarioId: string };

const notUploaded = (message: string) => ApiError.badRequest(message).with({ code: 'notUploaded' });

/**
 * Attaches the caller's uploads to an alert, a comment or a scenario, inside the caller's transaction `tx`: each key must lie under
 * the caller's upload prefix, be uploaded (storage stat), be of an allowed type and size, and not be attached to
 * anything else. A key already attached to this same owner is kept as it is (a draft saved again). Errors: 400
 * `notUploaded` (foreign, missing or taken key), 400 `attachmentType`, 413 `attachmentTooLarge`. Returns the owner's new
 * Attachment rows.
 */
export async function claimUploads(
  ctx: Pick<Ctx, 'company'> & { userId: string | null },
  tx: DbClient,
  uploads: AttachmentUpload[],
  owner: AttachmentOwner,
  prefix: string = uploadPrefix(ctx),
) {
  if (uploads.length === 0) return [];
  const keys = uploads.map((upload) => upload.key);
  if (new Set(keys).size !== keys.length) throw ApiError.badRequest('The same file is attached twice');
  for (const upload of uploads) {
    if (!isUploadKeyUnder(prefix, upload.key)) throw notUploaded(`${upload.name} was not uploaded by you`);
  }

  const taken = await tx.attachment.findMany({
    where: { storageKey: { in: keys } },
    select: { storageKey: true, alertId: true, commentId: true, scenarioId: true },
  });
  const ownedAlready = new Set(taken.filter((row) => isOwnedBy(row, owner)).map((row) => row.storageKey));
  const elsewhere = taken.find((row) => !ownedAlready.has(row.storageKey));
  if (elsewhere) throw notUploaded(`${nameOf(uploads, elsewhere.storageKey)} is already attached elsewhere`);

  const fresh = uploads.filter((upload) => !ownedAlready.has(upload.key));
  const existing = await tx.attachment.count({ where: owner });
  if (existing + fresh.length > MAX_ATTACHMENTS)
    throw ApiError.badRequest(`At most ${MAX_ATTACHMENTS} files can be attached`).with({ code: 'tooManyAttachments' });

  const files = await Promise.all(fresh.map(async (upload) => ({ upload, stat: await storage().stat(upload.key) })));
  const rows: Prisma.AttachmentCreateManyInput[] = files.map(({ upload, stat }) => {
    if (!stat) throw notUploaded(`${upload.name} has not been uploaded`);
    assertAttachmentAllowed({ name: upload.name, contentType: stat.contentType, size: stat.size });
    return {
      companyId: ctx.company.id,
      ...owner,
      uploadedById: ctx.userId,
      name: upload.name,
      storageKey: upload.key,
      contentType: stat.contentType!,
      size: stat.size,
    };
  });
  try {
    return await tx.attachment.createManyAndReturn({ data: rows });
  } catch (error) {
    // A concurrent claim of the same key: the unique storageKey refuses it (and the caller's transaction rolls back).
    if (isUniqueViolation(error)) throw notUploaded('A file is already attached elsewhere');
    throw error;
  }
}

function isOwnedBy(
  row: { alertId: string | null; commentId: string | null; scenarioId: string | null },
  owner: AttachmentOwner,
): boolean {
  if ('alertId' in owner) return row.alertId === owner.alertId && row.commentId === null;
  if ('commentId' in owner) return row.commentId === owner.commentId;
  return row.scenarioId === owner.scenarioId;
}

function nameOf(uploads: AttachmentUpload[], key: string): string {
  return uploads.find((upload) => upload.key === key)?.name ?? key;
}
