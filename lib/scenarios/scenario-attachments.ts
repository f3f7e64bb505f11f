import { claimUploads } from '@/lib/attachments/claim-uploads';
import type { AttachmentUpload } from '@/lib/attachments/attachment-limits';
import { attachmentOrder } from '@/lib/attachments/attachment-view';
import { newUploadKey } from '@/lib/attachments/upload-key';
import { removeStoredFiles } from '@/lib/attachments/remove-stored-files';
import type { Ctx } from '@/lib/context';
import type { DbClient } from '@/lib/db';
import { storage } from '@/lib/providers/storage/storage';

/**
 * Inside the caller's transaction: the scenario's files become exactly `uploads`. Files it has already are kept (by key,
 * whoever uploaded them), new keys are claimed like an alert's (the caller's own uploads, limits checked), files no
 * longer listed lose their row. Answers the storage keys to remove once the transaction is committed.
 */
export async function setScenarioAttachments(
  ctx: Pick<Ctx, 'userId' | 'company'>,
  tx: DbClient,
  scenarioId: string,
  uploads: AttachmentUpload[],
): Promise<string[]> {
  const current = await tx.attachment.findMany({ where: { scenarioId }, select: { id: true, storageKey: true } });
  const wanted = new Set(uploads.map((upload) => upload.key));
  const dropped = current.filter((file) => !wanted.has(file.storageKey));
  await tx.attachment.deleteMany({ where: { id: { in: dropped.map((file) => file.id) } } });
  const kept = new Set(current.map((file) => file.storageKey));
  await claimUploads(
    ctx,
    tx,
    uploads.filter((upload) => !kept.has(upload.key)),
    { scenarioId },
  );
  return dropped.map((file) => file.storageKey);
}

/**
 * Copies of the scenario's files as uploads of the person starting it, for the alert to claim: an alert owns its files
 * (they stay when the scenario changes or goes), so it gets its own copies. `discard` removes them if the send fails.
 */
export async function copyScenarioAttachments(
  ctx: Pick<Ctx, 'db' | 'company'> & { userId: string | null },
  scenarioId: string,
): Promise<{ uploads: AttachmentUpload[]; discard: () => Promise<void> }> {
  const files = await ctx.db.attachment.findMany({
    where: { scenarioId },
    select: { name: true, storageKey: true },
    orderBy: attachmentOrder,
  });
  const uploads = await Promise.all(
    files.map(async (file) => {
      const key = newUploadKey(ctx, file.name);
      await storage().copy(file.storageKey, key);
      return { key, name: file.name };
    }),
  );
  return { uploads, discard: () => removeStoredFiles(uploads.map((upload) => upload.key)) };
}
