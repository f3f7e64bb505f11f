import { removeStoredFiles } from '@/lib/attachments/remove-stored-files';
import type { Db } from '@/lib/db';
import { daysBefore, DELETED_COMPANY_RETENTION_DAYS } from './retention-windows';

/**
 * A deleted company is kept 30 days, then removed with everything it owns; the files attached to its alerts, comments
 * and scenarios are removed from storage once their rows are gone. Its people's own accounts (and their profile photos)
 * stay: such an account is not the company's, and may belong to other companies. The accounts its directory made and
 * no other company ever had (User.directoryCompanyId) go with it, so that no later person with the e-mail inherits one.
 */
export async function purgeDeletedCompanies(client: Db, now: Date): Promise<number> {
  const cutoff = daysBefore(now, DELETED_COMPANY_RETENTION_DAYS);
  const companies = await client.company.findMany({ where: { deletedAt: { lt: cutoff } }, select: { id: true } });
  if (companies.length === 0) return 0;
  const ids = companies.map((company) => company.id);
  const files = await client.attachment.findMany({
    where: { companyId: { in: ids } },
    select: { companyId: true, storageKey: true },
  });
  // Only the companies still deleted when their rows go (not one restored meanwhile) lose their files.
  const [accounts, purged] = await client.$transaction([
    client.$queryRaw<{ profilePhotoKey: string | null }[]>`
      DELETE FROM "User" u USING "Company" c
      WHERE u."directoryCompanyId" = c.id AND c.id = ANY(${ids}::uuid[]) AND c."deletedAt" < ${cutoff}
      RETURNING u."profilePhotoKey"`,
    client.$queryRaw<{ id: string }[]>`
      DELETE FROM "Company" WHERE id = ANY(${ids}::uuid[]) AND "deletedAt" < ${cutoff} RETURNING id`,
  ]);
  const purgedIds = new Set(purged.map((company) => company.id));
  await removeStoredFiles([
    ...files.filter((file) => purgedIds.has(file.companyId)).map((file) => file.storageKey),
    ...accounts.flatMap((account) => (account.profilePhotoKey ? [account.profilePhotoKey] : [])),
  ]);
  return purged.length;
}
