import type { Ctx } from '@/lib/context';
import type { DirectoryNote } from './directory-note';
import type { describeScimRequest, DirectoryOperation } from './record-directory-request';

/** The screen shows this many of the newest requests. */
const SHOWN_ENTRIES = 100;

/** GET /api/azureAd/log: the newest SCIM requests of the company's directory (provisioning log), newest first. */
export async function listDirectoryLog(ctx: Ctx) {
  const rows = await ctx.db.directoryRequest.findMany({
    where: { companyId: ctx.company.id },
    orderBy: [{ at: 'desc' }, { id: 'desc' }],
    take: SHOWN_ENTRIES,
  });
  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      method: row.method,
      // Written by recordDirectoryRequest from these unions only.
      operation: row.operation as DirectoryOperation,
      resourceType: row.resourceType as ReturnType<typeof describeScimRequest>['resourceType'],
      resourceId: row.resourceId,
      status: row.status,
      scimType: row.scimType,
      keyPrefix: row.keyPrefix,
      notes: row.notes as unknown as DirectoryNote[],
    })),
  };
}
