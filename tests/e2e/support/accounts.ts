import { newTotpSecret } from '@/lib/auth/totp';
import type { Role } from '@/lib/generated/prisma/enums';
import { createAccount, PASSWORD } from '../../helpers/accounts';
import { createCompany } from '../../helpers/fixtures';
import { e2eDb } from './e2e-db';

export interface ConfirmedUser {
  email: string;
  password: string;
  name: string;
  companyId: string;
  userId: string;
  /** The authenticator secret when created with use2FA (codes: totpCode from tests/helpers/accounts.ts). */
  totpSecret: string | null;
}

/** A company and a confirmed member of it (owner unless told) who can log in with `password` (real argon2 hash). */
export async function createConfirmedUser(
  options: { password?: string; use2FA?: boolean; role?: Role } = {},
): Promise<ConfirmedUser> {
  const db = e2eDb();
  const password = options.password ?? PASSWORD;
  const company = await createCompany(db);
  let user = await createAccount(db, { companyId: company.id, role: options.role ?? 'owner', password });
  if (options.use2FA)
    user = await db.user.update({ where: { id: user.id }, data: { use2FA: true, totpSecret: newTotpSecret() } });
  return {
    email: user.email,
    password,
    name: user.name,
    companyId: company.id,
    userId: user.id,
    totpSecret: user.totpSecret,
  };
}
