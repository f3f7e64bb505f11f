import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { applyMigrations, listMigrations } from '@/lib/db/apply-migrations';
import { diffDatabaseToSchema } from '@/scripts/lib/schema-engine';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

// Migrations are hand-checked SQL; this proves they produce exactly what prisma/schema.prisma describes.
const MIGRATIONS = path.resolve('prisma/migrations');
const SCHEMA = path.resolve('prisma/schema.prisma');

describe('migrations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('template0');
  });
  afterAll(async () => database.drop());

  it('apply to an empty database, recorded in _prisma_migrations as Prisma records them', async () => {
    const result = await applyMigrations(database.url, MIGRATIONS);
    const files = await listMigrations(MIGRATIONS);
    expect(result.applied).toEqual(files.map((f) => f.name));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query(
      'SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name',
    );
    await client.end();
    expect(rows.map((r) => [r.migration_name, r.checksum, r.applied_steps_count])).toEqual(
      files.map((f) => [f.name, f.checksum, 1]),
    );
    expect(rows.every((r) => r.finished_at instanceof Date)).toBe(true);
  });

  it('apply nothing the second time', async () => {
    const again = await applyMigrations(database.url, MIGRATIONS);
    expect(again.applied).toEqual([]);
  });

  it('leave no drift between the migrated database and the schema', async () => {
    expect(await diffDatabaseToSchema(database.url, SCHEMA)).toBe('');
  });

  it('show drift when the schema gains a column that no migration adds', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tocsin-drift-'));
    const changed = path.join(dir, 'schema.prisma');
    const schema = await readFile(SCHEMA, 'utf8');
    await writeFile(changed, schema.replace('model Team {\n', 'model Team {\n  colour String?\n'));
    const sql = await diffDatabaseToSchema(database.url, changed);
    expect(sql).toContain('ALTER TABLE "Team" ADD COLUMN     "colour" TEXT');
  });

  it('refuse a migration that was changed after it was applied', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tocsin-migrations-'));
    const [first] = await listMigrations(MIGRATIONS);
    const { mkdir } = await import('node:fs/promises');
    await mkdir(path.join(dir, first.name));
    await writeFile(path.join(dir, first.name, 'migration.sql'), `${first.sql}\n-- edited\n`);
    await expect(applyMigrations(database.url, dir)).rejects.toThrow(
      `Migration ${first.name} was changed after it was applied.`,
    );
  });
});
