import { PASSWORD } from '../../helpers/accounts';
import { createConfirmedUser, type ConfirmedUser } from './accounts';
import { e2eDb } from './e2e-db';
import { E2E_OPERATOR_EMAIL } from './operator-email';

/** The operator's account, made on first use: confirmed, with a password of its own, the owner of a company. */
export async function e2eOperator(): Promise<ConfirmedUser> {
  const db = e2eDb();
  const existing = await db.user.findUnique({
    where: { email: E2E_OPERATOR_EMAIL },
    select: { id: true, name: true, memberships: { select: { companyId: true }, take: 1 } },
  });
  if (existing) {
    const { id, name, memberships } = existing;
    return {
      email: E2E_OPERATOR_EMAIL,
      password: PASSWORD,
      name,
      userId: id,
      companyId: memberships[0].companyId,
      totpSecret: null,
    };
  }
  const made = await createConfirmedUser();
  await db.user.update({ where: { id: made.userId }, data: { email: E2E_OPERATOR_EMAIL } });
  return { ...made, email: E2E_OPERATOR_EMAIL };
}
