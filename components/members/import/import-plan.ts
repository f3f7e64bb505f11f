import type { ImportRow } from '@/lib/members/parse-import-file';
import type { AccountRow, AddAnswer, CheckAnswer, RowStatus } from '../members-api';

// The import's steps without the screen: check the file's rows in batches, then add them in chunks, keeping each
// answer tied to the file's row number. The API calls are passed in, so the page gives the real client.

/** Rows per preview call (the API's maximum batch) and per add call (spec: chunks of 100, 30 s each). */
export const CHECK_CHUNK_SIZE = 1000;
export const ADD_CHUNK_SIZE = 100;

export interface CheckedRow extends ImportRow {
  status: RowStatus;
  codes: string[];
  errors: string[];
}

export interface Preview {
  rows: CheckedRow[];
  counts: Record<RowStatus, number>;
  /** Free seats when the check ended. */
  seatsAvailable: number;
}

export interface FailedRow {
  row: CheckedRow;
  codes: string[];
  errors: string[];
}

export type StopReason = 'seatLimit' | 'error' | 'cancelled';

export interface ImportOutcome {
  added: CheckedRow[];
  skipped: CheckedRow[];
  /** Rows refused: by the preview (not sent) or by the add call. */
  failed: FailedRow[];
  /** Set when the import stopped early: why, and the rows that would have been added but were not. */
  stopped: { reason: StopReason; error?: unknown; notAdded: CheckedRow[] } | null;
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** Row numbers as short ranges: [2, 3, 4, 9, 11, 12] → "2–4, 9, 11–12". */
export function rowRanges(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i];
    while (i + 1 < sorted.length && sorted[i + 1] === sorted[i] + 1) i++;
    parts.push(start === sorted[i] ? String(start) : `${start}–${sorted[i]}`);
  }
  return parts.join(', ');
}

const toAccountRow = ({ name, email, phone, role }: ImportRow): AccountRow =>
  role ? { name, email, phone, role } : { name, email, phone };

/** Checks every row (PUT /api/accounts, batches of ≤ 1000) without saving; `onProgress(done, total)` after each batch. */
export async function checkRows(
  rows: readonly ImportRow[],
  check: (users: AccountRow[]) => Promise<CheckAnswer>,
  onProgress: (done: number, total: number) => void,
): Promise<Preview> {
  const checked: CheckedRow[] = [];
  let seatsAvailable = 0;
  for (const batch of chunk(rows, CHECK_CHUNK_SIZE)) {
    const answer = await check(batch.map(toAccountRow));
    const byIndex = new Map(answer.rows.map((result) => [result.index, result]));
    batch.forEach((row, index) => {
      const result = byIndex.get(index);
      checked.push({
        ...row,
        status: result?.status ?? 'invalid',
        codes: result?.codes ?? [],
        errors: result?.errors ?? [],
      });
    });
    seatsAvailable = answer.seats.available;
    onProgress(checked.length, rows.length);
  }
  const counts: Record<RowStatus, number> = { new: 0, existing: 0, member: 0, invalid: 0 };
  for (const row of checked) counts[row.status]++;
  return { rows: checked, counts, seatsAvailable };
}

const wouldBeAdded = (row: CheckedRow) => row.status === 'new' || row.status === 'existing';

/**
 * Adds the rows the preview did not refuse (POST /api/accounts, chunks of 100). Stops at the first refused chunk
 * (no free seat, a failure, or `shouldStop()`), and tells which rows were then not added.
 */
export async function addRows(
  preview: Preview,
  add: (users: AccountRow[]) => Promise<AddAnswer>,
  onProgress: (done: number, total: number) => void,
  options: { isSeatLimit: (error: unknown) => boolean; shouldStop: () => boolean },
): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { added: [], skipped: [], failed: [], stopped: null };
  const toSend = preview.rows.filter((row) => row.status !== 'invalid');
  for (const row of preview.rows)
    if (row.status === 'invalid') outcome.failed.push({ row, codes: row.codes, errors: row.errors });

  const chunks = chunk(toSend, ADD_CHUNK_SIZE);
  let done = 0;
  for (const [position, rows] of chunks.entries()) {
    const remaining = () => chunks.slice(position).flat().filter(wouldBeAdded);
    if (options.shouldStop()) {
      outcome.stopped = { reason: 'cancelled', notAdded: remaining() };
      break;
    }
    let answer: AddAnswer;
    try {
      answer = await add(rows.map(toAccountRow));
    } catch (error) {
      outcome.stopped = { reason: options.isSeatLimit(error) ? 'seatLimit' : 'error', error, notAdded: remaining() };
      break;
    }
    for (const { index } of answer.added) outcome.added.push(rows[index]);
    for (const { index } of answer.skipped) outcome.skipped.push(rows[index]);
    for (const { index, codes, errors } of answer.failed) outcome.failed.push({ row: rows[index], codes, errors });
    done += rows.length;
    onProgress(done, toSend.length);
  }
  outcome.failed.sort((a, b) => a.row.row - b.row.row);
  return outcome;
}
