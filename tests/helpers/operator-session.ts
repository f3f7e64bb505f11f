import { createSession } from '@/lib/auth/create-session';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { createAccount } from './accounts';

/**
 * A new session of the operator whose account has `email` (one the server's OPERATOR_EMAILS names), the account made
 * on first use: confirmed, with a password of its own. `options` opens another kind of session (a device's, or one
 * through a company's identity provider), which is no operator's.
 */
export async function operatorSession(
  db: PrismaClient,
  email: string,
  options: { kind?: 'console' | 'device'; companyId?: string; name?: string } = {},
) {
  const { name = 'Olga Operator', ...opening } = options;
  const user =
    (await db.user.findUnique({ where: { email } })) ??
    (await db.user.update({ where: { id: (await createAccount(db)).id }, data: { email, name } }));
  const { token } = await createSession(db, { userId: user.id, extended: false, now: new Date(), ...opening });
  return { user, token };
}
