import { randomBytes } from 'node:crypto';
import { createSession } from '@/lib/auth/create-session';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import type { Feature, Plan, Role } from '@/lib/generated/prisma/enums';
import { uniquePhone } from './phone';

const unique = () => randomBytes(4).toString('hex');

export async function createCompany(db: PrismaClient, data: { name?: string; plan?: Plan; features?: Feature[] } = {}) {
  return db.company.create({
    data: {
      name: data.name ?? `Company ${unique()}`,
      plan: data.plan ?? 'professional',
      includedSeats: 50,
      features: data.features ?? [],
      activatedAt: new Date(),
    },
  });
}

/** A person who is a member of `companyId` with `role`, and a live session token for them. */
export async function createMember(
  db: PrismaClient,
  companyId: string,
  role: Role = 'user',
  name = `Person ${unique()}`,
) {
  const user = await db.user.create({
    data: {
      email: `${unique()}@example.test`,
      name,
      phone: uniquePhone(),
    },
  });
  await db.membership.create({ data: { companyId, userId: user.id, role } });
  const { token, sessionId } = await createSession(db, { userId: user.id, extended: false, now: new Date() });
  return { user, token, sessionId };
}
