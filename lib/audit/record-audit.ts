import type { DbClient } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';

/** One row of the audit log: who (null: no person, e.g. the directory) did what to which row of which company. */
export interface AuditEntry {
  /** Null: a change of the install itself (its operators' settings). */
  companyId: string | null;
  actorId: string | null;
  action: string;
  entityType: string;
  entityId: string;
  /** What changed; left out, the row has none. */
  data?: Prisma.InputJsonObject;
  /** When; left out, the database's clock. */
  createdAt?: Date;
}

/**
 * Writes an audit row through `client`: the transaction of the change it records (or the database, for a change
 * without one). Not async, so that its query can also join an array `$transaction([...])`.
 */
export function recordAudit(client: DbClient, entry: AuditEntry) {
  return client.auditLog.create({ data: entry, select: { id: true } });
}
