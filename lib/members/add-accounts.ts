import { ApiError } from '@/lib/api-error';
import { issueAuthToken } from '@/lib/auth/auth-tokens';
import { DAY_MS } from '@/lib/clock';
import type { Ctx } from '@/lib/context';
import { isUniqueViolation } from '@/lib/db/is-unique-violation';
import { composeEmail } from '@/lib/email/compose-email';
import type { Prisma } from '@/lib/generated/prisma/client';
import { publicUrl } from '@/lib/http/public-url';
import { DEFAULT_LOCALE, isLocale } from '@/lib/i18n/locales';
import { logger } from '@/lib/logger';
import { sendEmail } from '@/lib/providers/email/send-email';
import { assertBatchSize, type AccountRowsInput } from './account-row';
import { classifyAccountRows, type ClassifiedRow } from './classify-account-rows';
import { assertSeatsFree, lockSeats } from './seats';

export const INVITATION_LINK_MS = 7 * DAY_MS;
/** Adding many people takes longer than Prisma's default 5 s transaction, and waits for a concurrent addition's lock. */
const ADD_TRANSACTION_MS = 60_000;
/** A concurrent creation of the same person elsewhere breaks a unique key: the rows are classified again, once. */
const ATTEMPTS = 2;

interface Notice {
  email: string;
  name: string;
  locale: string;
  /** The invitation link's token, for a person who has no password yet. */
  token: string | null;
}

/**
 * POST /api/accounts: adds the new and existing people of the rows to the company, all in one transaction, and skips
 * those already members. The company row is locked first, so concurrent requests see each other's additions (no
 * duplicates, seats never exceeded). E-mails go out once the transaction has committed.
 */
export async function addAccounts(ctx: Ctx, input: AccountRowsInput) {
  assertBatchSize(input.users);
  const inviter = await ctx.db.user.findUniqueOrThrow({ where: { id: ctx.userId }, select: { name: true } });
  const { rows, added, notices } = await addInTransactionWithRetry(ctx, input);
  for (const notice of notices) await notify(ctx, notice, inviter.name);
  return {
    added,
    skipped: rows.filter((row) => row.status === 'member').map((row) => ({ index: row.index, codes: ['member'] })),
    failed: rows
      .filter((row) => row.status === 'invalid')
      .map((row) => ({
        index: row.index,
        codes: row.problems.map((p) => p.code),
        errors: row.problems.map((p) => p.message),
      })),
  };
}

async function addInTransactionWithRetry(ctx: Ctx, input: AccountRowsInput) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await ctx.db.$transaction((tx) => addInTransaction(ctx, tx, input), {
        timeout: ADD_TRANSACTION_MS,
        maxWait: ADD_TRANSACTION_MS,
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt >= ATTEMPTS) {
        throw ApiError.conflict(
          'A user with this e-mail or phone number was added at the same time. Please try again',
        ).with({ code: 'userExists' });
      }
    }
  }
}

async function addInTransaction(ctx: Ctx, tx: Prisma.TransactionClient, input: AccountRowsInput) {
  const seats = await lockSeats(tx, ctx.company.id);
  const rows = await classifyAccountRows(tx, ctx.company.id, ctx.role, input.users);
  const newRows = rows.filter((row) => row.status === 'new');
  const existingRows = rows.filter((row) => row.status === 'existing');
  assertSeatsFree(seats, newRows.length + existingRows.length);

  const company = await tx.company.findUniqueOrThrow({ where: { id: ctx.company.id }, select: { language: true } });
  const locale = isLocale(company.language) ? company.language : DEFAULT_LOCALE;
  const created = await tx.user.createManyAndReturn({
    data: newRows.map((row) => ({ name: row.name, email: row.email as string, phone: row.phone, locale })),
    select: { id: true, email: true, name: true, locale: true },
  });
  const createdByEmail = new Map(created.map((user) => [user.email, user]));
  const userIdOf = (row: ClassifiedRow) =>
    (row.status === 'new' ? createdByEmail.get(row.email as string)?.id : row.userId) as string;
  const toAdd = [...newRows, ...existingRows];
  await tx.membership.createMany({
    data: toAdd.map((row) => ({ companyId: ctx.company.id, userId: userIdOf(row), role: row.role })),
  });

  const existing = await tx.user.findMany({
    where: { id: { in: existingRows.map((row) => row.userId as string) } },
    select: { id: true, email: true, name: true, locale: true, passwordHash: true },
  });
  const notices: Notice[] = [];
  // Everyone without a password (new, or invited elsewhere and not yet set up) gets an invitation link.
  for (const user of [...created.map((user) => ({ ...user, passwordHash: null })), ...existing]) {
    const token = user.passwordHash
      ? null
      : await issueAuthToken(tx, {
          userId: user.id,
          kind: 'passwordReset',
          now: ctx.now,
          validForMs: INVITATION_LINK_MS,
        });
    notices.push({ email: user.email, name: user.name, locale: user.locale, token });
  }
  const added = toAdd.map((row) => ({ index: row.index, userId: userIdOf(row) })).sort((a, b) => a.index - b.index);
  return { rows, added, notices };
}

/** The invitation (a person without a password: choose one, 7 days) or the "added to" notice (existing person). */
async function notify(ctx: Ctx, notice: Notice, inviterName: string): Promise<void> {
  const values = { name: notice.name, companyName: ctx.company.name, inviterName };
  try {
    const message = notice.token
      ? await composeEmail('memberInvitation', notice.locale, {
          ...values,
          link: publicUrl(`/resetPassword?token=${encodeURIComponent(notice.token)}`),
        })
      : await composeEmail('addedToCompany', notice.locale, { ...values, link: publicUrl('/login') });
    await sendEmail({ ...message, to: notice.email, companyId: ctx.company.id });
  } catch (error) {
    // The people are added (committed); a lost e-mail must not turn that into a failure the admin would retry.
    logger.error('member e-mail not sent', {
      requestId: ctx.requestId,
      companyId: ctx.company.id,
      to: notice.email,
      error,
    });
  }
}
