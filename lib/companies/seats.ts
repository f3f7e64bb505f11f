import { ApiError } from '@/lib/api-error';
import { maxUsers } from './max-users';
import type { DbClient } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';

export interface Seats {
  used: number;
  max: number;
}

/** Seats of a company: used = active memberships; max by plan (free 5, else included + extra). */
export async function countSeats(client: DbClient, companyId: string): Promise<Seats> {
  const [company, used] = await Promise.all([
    client.company.findUniqueOrThrow({
      where: { id: companyId },
      select: { plan: true, includedSeats: true, extraSeats: true },
    }),
    client.membership.count({ where: { companyId, deletedAt: null } }),
  ]);
  return { used, max: maxUsers(company) };
}

/**
 * Inside a transaction: locks the company row until the transaction ends, so member changes of one company (adding,
 * restoring, role changes) run one after the other and each sees what the previous one committed.
 */
export async function lockCompany(tx: Prisma.TransactionClient, companyId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "Company" WHERE id = ${companyId}::uuid FOR UPDATE`;
}

/** Locks the company (see lockCompany), then counts: two concurrent additions cannot both take the last seats. */
export async function lockSeats(tx: Prisma.TransactionClient, companyId: string): Promise<Seats> {
  await lockCompany(tx, companyId);
  return countSeats(tx, companyId);
}

/** 409 seatLimit when `needed` more seats do not fit. */
export function assertSeatsFree(seats: Seats, needed: number): void {
  const available = Math.max(0, seats.max - seats.used);
  if (needed > available) {
    throw ApiError.conflict(
      `Your plan has ${seats.max} seats and ${available} are free, but ${needed} are needed. Buy extra seats or contact sales to add more users`,
    ).with({ code: 'seatLimit', seatsAvailable: available, seatsNeeded: needed });
  }
}
