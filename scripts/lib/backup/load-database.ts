import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { applyMigrations } from '@/lib/db/apply-migrations';
import { DATABASE_DUMP_FILE, databaseDump, quoted } from './database-dump';

const FOREIGN_KEYS = `SELECT child.relname::text AS child, parent.relname::text AS parent
  FROM pg_constraint k
  JOIN pg_class child ON child.oid = k.conrelid
  JOIN pg_class parent ON parent.oid = k.confrelid
  WHERE k.contype = 'f' AND k.connamespace = current_schema()::regnamespace AND child.oid <> parent.oid`;

/** The tables in an order where each comes after those its foreign keys point to. */
function parentsFirst(tables: string[], links: { child: string; parent: string }[]): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  let waiting = [...tables];
  while (waiting.length) {
    const ready = waiting.filter((table) =>
      links.every((link) => link.child !== table || placed.has(link.parent) || !tables.includes(link.parent)),
    );
    if (!ready.length) throw new Error(`Foreign keys form a loop between ${waiting.join(', ')}: no load order exists.`);
    for (const table of ready) placed.add(table);
    ordered.push(...ready);
    waiting = waiting.filter((table) => !placed.has(table));
  }
  return ordered;
}

/**
 * Loads a dump (scripts/lib/backup/dump-database.ts) into an empty database: the migrations up to the dump's, then
 * every table's rows in one transaction, parents before children so each foreign key is checked, with the tables' own
 * triggers off (the rows are already what they made), and the sequences where they were. The migration records are
 * the dump's too, so the next migrate step applies only what this code has beyond the backup.
 */
export async function loadDatabase(
  databaseUrl: string,
  dir: string,
  migration: string,
  migrationsDir: string,
): Promise<void> {
  await applyMigrations(databaseUrl, migrationsDir, { upTo: migration });
  const dump = databaseDump.parse(JSON.parse(await readFile(path.join(dir, DATABASE_DUMP_FILE), 'utf8')));
  const names = dump.tables.map((table) => table.name);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    for (const name of names) await client.query(`ALTER TABLE ${quoted(name)} DISABLE TRIGGER USER`);
    // Rows the migrations wrote (their records, seeded settings) give way to the dump's.
    await client.query(`TRUNCATE ${names.map(quoted).join(', ')}`);
    const links = (await client.query<{ child: string; parent: string }>(FOREIGN_KEYS)).rows;
    for (const name of parentsFirst(names, links)) {
      const table = dump.tables.find((candidate) => candidate.name === name)!;
      const copy = copyFrom(`COPY ${quoted(name)} (${table.columns.map(quoted).join(', ')}) FROM STDIN`);
      await pipeline(createReadStream(path.join(dir, table.file)), client.query(copy));
    }
    for (const sequence of dump.sequences) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
        quoted(sequence.name),
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    for (const name of names) await client.query(`ALTER TABLE ${quoted(name)} ENABLE TRIGGER USER`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
