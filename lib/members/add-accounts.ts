import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import { isUniqueViolation } from '@/lib/db/is-unique-violation';
import type { Prisma } from '@/lib/generated/prisma/client';
import { DEFAULT_LOCALE, isLocale } from '@/lib/i18n/locales';
import { EMAIL_JOBS, enqueue } from '@/lib/queue';
import { assertBatchSize, type AccountRowsInput } from './account-row';
import { classifyAccountRows, type ClassifiedRow } from './classify-account-rows';
import { assertSeatsFree, lockSeats } from '@/lib/companies/seats';

/** Adding many people takes longer than Prisma's default 5 s transaction, and waits for a concurrent addition's lock. */
const ADD_TRANSACTION_MS = 60_000;
/** A concurrent creation of the same person elsewhere breaks a unique key: the rows are classified again, once. */
const ATTEMPTS = 2;
/** The notices job waits this long, so that it usually finds the addition committed at its first run. */
const NOTICES_DELAY_MS = 1_000;

/**
 * POST /api/accounts: adds the new and existing people of the rows to the company, all in one transaction, and skips
 * those already members. The company row is locked first, so concurrent requests see each other's additions (no
 * duplicates, seats never exceeded). The e-mails to the people added are one worker job queued in that transaction
 * (lib/members/send-member-notices.ts): no addition commits without it, and composing them does not hold up the web
 * process.
 */
export async function addAccounts(ctx: Ctx, input: AccountRowsInput) {
  assertBatchSize(input.users);
  const { rows, added } = await addInTransactionWithRetry(ctx, input);
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
    select: { id: true, email: true },
  });
  const createdByEmail = new Map(created.map((user) => [user.email, user.id]));
  const userIdOf = (row: ClassifiedRow) =>
    (row.status === 'new' ? createdByEmail.get(row.email as string) : row.userId) as string;
  const toAdd = [...newRows, ...existingRows];
  await tx.membership.createMany({
    data: toAdd.map((row) => ({ companyId: ctx.company.id, userId: userIdOf(row), role: row.role })),
  });
  const added = toAdd.map((row) => ({ index: row.index, userId: userIdOf(row) })).sort((a, b) => a.index - b.index);
  if (added.length > 0) {
    const notices = {
      companyId: ctx.company.id,
      inviterId: ctx.userId,
      userIds: added.map((row) => row.userId),
      addedAt: ctx.now.toISOString(),
    };
    await enqueue(EMAIL_JOBS.memberNotices, notices, { delay: NOTICES_DELAY_MS });
  }
  return { rows, added };
}
