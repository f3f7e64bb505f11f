import type { Ctx } from '@/lib/context';
import { assertBatchSize, type AccountRowsInput } from './account-row';
import { classifyAccountRows } from './classify-account-rows';
import { countSeats } from '@/lib/companies/seats';
import { takeImportCheckBudget } from './take-import-check-budget';

/** PUT /api/accounts: what an import would do, row by row, without saving anything (within the check's budget). */
export async function validateAccountRows(ctx: Ctx, input: AccountRowsInput) {
  assertBatchSize(input.users);
  const seats = await countSeats(ctx.db, ctx.company.id);
  await takeImportCheckBudget(
    ctx,
    input.users.map((row) => row.email),
    seats.max,
  );
  const rows = await classifyAccountRows(ctx.db, ctx.company.id, ctx.role, input.users);
  const summary = { new: 0, existing: 0, member: 0, invalid: 0 };
  for (const row of rows) summary[row.status] += 1;
  return {
    rows: rows.map((row) => ({
      index: row.index,
      status: row.status,
      codes: row.problems.map((problem) => problem.code),
      errors: row.problems.map((problem) => problem.message),
    })),
    summary,
    seats: { ...seats, available: Math.max(0, seats.max - seats.used) },
  };
}
