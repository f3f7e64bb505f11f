import { createSession } from '@/lib/auth/create-session';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { createAccount } from './accounts';

/** A person of a load test's company: a session, and an Android phone with a push token (and a phone number for SMS). */
export interface LoadPerson {
  userId: string;
  email: string;
  token: string;
  deviceId: string;
}

export interface LoadCompany {
  id: string;
  admin: LoadPerson;
  /** Everyone alerted by a company-wide alert, the admin first. */
  everyone: LoadPerson[];
}

/**
 * An enterprise company with an admin and `members` people, every one able to log in (accounts.ts' PASSWORD) and
 * reachable by push and SMS.
 */
export async function createLoadCompany(db: PrismaClient, name: string, members: number): Promise<LoadCompany> {
  const company = await db.company.create({
    data: { name, plan: 'enterprise', includedSeats: members + 10, activatedAt: new Date() },
  });
  const person = async (role: 'admin' | 'user'): Promise<LoadPerson> => {
    const user = await createAccount(db, { companyId: company.id, role });
    const device = await db.device.create({
      data: { userId: user.id, name: 'Phone', platform: 'android', pushToken: `token-${user.id}` },
    });
    const { token } = await createSession(db, { userId: user.id, extended: true, now: new Date() });
    return { userId: user.id, email: user.email, token, deviceId: device.id };
  };
  const admin = await person('admin');
  const everyone = [admin];
  for (let n = 0; n < members; n += 1) everyone.push(await person('user'));
  return { id: company.id, admin, everyone };
}
