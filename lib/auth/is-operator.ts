import type { DbClient } from '@/lib/db';
import { env } from '@/lib/env';
import type { SessionKind } from '@/lib/generated/prisma/enums';

export interface OperatorCandidate {
  email: string;
  emailConfirmedAt: Date | null;
  passwordHash: string | null;
  directoryCompanyId: string | null;
}

/** How a session was opened: its kind, and the one company of an identity provider's sign-in (null: none). */
export interface SessionOpening {
  kind: SessionKind;
  companyId: string | null;
}

/**
 * Whether this person, in this session, acts as one of the install's operators (issue 35): their e-mail is named in
 * OPERATOR_EMAILS and confirmed, the account is their own (a password they set, not a directory's account: no company
 * can make or sign in to an account that becomes an operator), and the session is a console session opened with
 * that password (not a device's, not one opened through a company's identity provider).
 */
export function isOperator(user: OperatorCandidate, opened: SessionOpening): boolean {
  return (
    opened.kind === 'console' &&
    opened.companyId === null &&
    user.emailConfirmedAt !== null &&
    user.passwordHash !== null &&
    user.directoryCompanyId === null &&
    env.OPERATOR_EMAILS.includes(user.email.toLowerCase())
  );
}

/** isOperator for the session of `userId`, reading the account. */
export async function isOperatorSession(
  db: DbClient,
  session: { userId: string; opened: SessionOpening },
): Promise<boolean> {
  if (env.OPERATOR_EMAILS.length === 0) return false;
  const user = await db.user.findUnique({
    where: { id: session.userId },
    select: { email: true, emailConfirmedAt: true, passwordHash: true, directoryCompanyId: true },
  });
  return user !== null && isOperator(user, session.opened);
}
