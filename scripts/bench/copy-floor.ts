import pg from 'pg';
import { percentile } from './measure';

// The floor of a write: the same rows sent by one COPY, the fastest way Postgres takes rows from a client.

/**
 * COPY FROM STDIN through node-postgres' query protocol hooks (a "submittable"): pg has no COPY of its own and
 * pg-copy-streams is not a dependency. Resolves once the server has taken every row.
 */
function copyIn(client: pg.Client, sql: string, data: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let failure: Error | undefined;
    const submittable = {
      submit: (connection: any) => connection.query(sql),
      handleCopyInResponse: (connection: any) => {
        connection.sendCopyFromChunk(Buffer.from(data));
        connection.endCopyFrom();
      },
      handleCommandComplete: () => undefined,
      handleError: (error: Error) => {
        failure = error;
      },
      handleReadyForQuery: () => (failure ? reject(failure) : resolve()),
    };
    client.query(submittable as unknown as pg.Submittable);
  });
}

/** A value in COPY's text format: \N for null, backslash, tab and line breaks escaped. */
const copyText = (value: string | null) =>
  value === null
    ? '\\N'
    : value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');

export interface CopiedRows {
  /** A table of ours, e.g. "Receipt". */
  table: string;
  /** Which of its rows, e.g. `"alertId" = $1`. */
  where: string;
  params: unknown[];
}

/**
 * The rows `sets` select, read back as Postgres' own text, then written by one COPY per table into scratch copies of
 * those tables (same columns, defaults and indexes) inside one transaction: the least a write of the same rows can
 * cost. Median of `runs`. Checks every row arrived.
 */
export async function timeCopyFloor(
  databaseUrl: string,
  sets: CopiedRows[],
  runs = 5,
): Promise<{ rows: number; elapsed: number }> {
  // Every value as the text Postgres sent it: no parsing, so the COPY gets back exactly what was stored.
  const client = new pg.Client({
    connectionString: databaseUrl,
    types: { getTypeParser: () => (value: string) => value },
  });
  await client.connect();
  try {
    const payloads: { scratch: string; text: string; count: number }[] = [];
    for (const [index, set] of sets.entries()) {
      const scratch = `bench_copy_${index}`;
      await client.query(`DROP TABLE IF EXISTS ${scratch}`);
      await client.query(`CREATE TABLE ${scratch} (LIKE "${set.table}" INCLUDING DEFAULTS INCLUDING INDEXES)`);
      const { rows } = await client.query(`SELECT * FROM "${set.table}" WHERE ${set.where}`, set.params);
      const text = rows
        .map((row: Record<string, string | null>) => Object.values(row).map(copyText).join('\t'))
        .join('\n');
      payloads.push({ scratch, text: `${text}\n`, count: rows.length });
    }
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      for (const { scratch } of payloads) await client.query(`TRUNCATE ${scratch}`);
      const started = performance.now();
      await client.query('BEGIN');
      for (const { scratch, text, count } of payloads)
        if (count > 0) await copyIn(client, `COPY ${scratch} FROM STDIN`, text);
      await client.query('COMMIT');
      times.push(performance.now() - started);
    }
    for (const { scratch, count } of payloads) {
      const [{ copied }] = (await client.query(`SELECT count(*)::text AS copied FROM ${scratch}`)).rows;
      if (Number(copied) !== count) throw new Error(`COPY wrote ${copied} of ${count} rows into ${scratch}`);
      await client.query(`DROP TABLE ${scratch}`);
    }
    return { rows: payloads.reduce((sum, { count }) => sum + count, 0), elapsed: percentile(times, 0.5) };
  } finally {
    await client.end();
  }
}
