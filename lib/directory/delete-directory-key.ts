import { ApiError } from '@/lib/api-error';
import { recordAudit } from '@/lib/audit/record-audit';
import type { Ctx } from '@/lib/context';

/** DELETE /api/azureAd/keys/{id}: the key stops working at once (the next SCIM request with it gets 401). */
export async function deleteDirectoryKey(ctx: Ctx, { id }: { id: string }) {
  return ctx.db.$transaction(async (tx) => {
    const deleted = await tx.directoryKey.deleteMany({ where: { id, companyId: ctx.company.id } });
    if (deleted.count === 0) throw ApiError.notFound('The directory key');
    await recordAudit(tx, {
      companyId: ctx.company.id,
      actorId: ctx.userId,
      action: 'directoryKey.deleted',
      entityType: 'directoryKey',
      entityId: id,
    });
    return { deleted: true };
  });
}
