import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { PublicCtx } from '@/lib/context';
import type { Db } from '@/lib/db';
import { issueAuthToken } from './auth-tokens';
import { emailAddress } from './email-address';
import { createSession } from './create-session';
import { takeLoginAttempt } from './login-throttle';
import { accountDeactivated, isDeactivatedAccount } from './deactivated-account';
import { hashPassword, verifyPassword } from './password';
import { type SessionChoice, sessionKindField } from './session-kind';

export const LOGIN_TICKET_MS = 5 * 60_000;

export const logInBody = z.object({
  email: emailAddress,
  password: z.string().min(1).max(200),
  extendedLogin: z.boolean().optional().default(false),
  sessionKind: sessionKindField,
});

export const invalidCredentials = () =>
  ApiError.unauthorized('Could not log in. Is your email and password correct?').with({ code: 'invalidCredentials' });

let decoyHash: Promise<string> | undefined;
/** Unknown e-mails are checked against this hash, so they take as long as known ones. */
const decoy = () => (decoyHash ??= hashPassword('a password nobody has'));

/** The company the user lands in after logging in: the oldest active membership, if any. */
export async function firstCompanyId(client: Db, userId: string): Promise<string | null> {
  const membership = await client.membership.findFirst({
    where: { userId, deletedAt: null, company: { deletedAt: null } },
    orderBy: { createdAt: 'asc' },
    select: { companyId: true },
  });
  return membership?.companyId ?? null;
}

/** `onlyCompanyId`: the session opens that company only (a sign-in through the company's identity provider). */
export async function startSession(
  ctx: PublicCtx,
  userId: string,
  choice: SessionChoice,
  onlyCompanyId?: string | null,
) {
  const companyId = onlyCompanyId ?? null;
  const { token } = await createSession(ctx.db, {
    userId,
    extended: choice.extendedLogin,
    kind: choice.sessionKind,
    now: ctx.now,
    userAgent: ctx.userAgent,
    companyId,
  });
  return { token, customerId: companyId ?? (await firstCompanyId(ctx.db, userId)) };
}

/** The ticket of the one-time-code step when 2FA is on (`companyId`: the session it leads to opens that one only). */
export async function twoFactorTicket(ctx: PublicCtx, userId: string, companyId?: string) {
  const ticket = await issueAuthToken(ctx.db, {
    userId,
    kind: 'loginTotp',
    now: ctx.now,
    validForMs: LOGIN_TICKET_MS,
    companyId,
  });
  return { totpRequired: true as const, loginTicket: ticket };
}

/**
 * E-mail and password → a session, or a ticket for the one-time-code step when 2FA is on. Failures count per account
 * (the e-mail), unknown e-mails included, and lead to a ban (429 with the minutes remaining).
 */
export async function logIn(ctx: PublicCtx, input: z.output<typeof logInBody>) {
  const attempt = await takeLoginAttempt(input.email, ctx.clientAddress, ctx.now, invalidCredentials);
  const user = await ctx.db.user.findUnique({ where: { email: input.email } });
  const valid = await verifyPassword(user?.passwordHash ?? (await decoy()), input.password);
  if (!user || !user.passwordHash || !valid) return attempt.failed();
  if (!user.emailConfirmedAt) {
    await attempt.giveBack();
    throw ApiError.forbidden('Your e-mail address is not confirmed yet. Open the link in the e-mail we sent you').with({
      code: 'emailNotConfirmed',
    });
  }
  if (await isDeactivatedAccount(ctx.db, user)) {
    await attempt.giveBack();
    throw accountDeactivated();
  }
  if (user.use2FA && user.totpSecret) {
    const ticket = await twoFactorTicket(ctx, user.id);
    await attempt.giveBack();
    return ticket;
  }
  await attempt.succeeded();
  return startSession(ctx, user.id, input);
}
