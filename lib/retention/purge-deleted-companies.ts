import type { Db } from '@/lib/db';
import { daysBefore, DELETED_COMPANY_RETENTION_DAYS } from './retention-windows';

/** A deleted company is kept 30 days, then removed with everything it owns. */
export async function purgeDeletedCompanies(client: Db, now: Date): Promise<number> {
  const result = await client.company.deleteMany({ where: { deletedAt: { lt: daysBefore(now, DELETED_COMPANY_RETENTION_DAYS) } } });
  return result.count;
}
