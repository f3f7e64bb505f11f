import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { applyMigrations } from '@/lib/db/apply-migrations';
import { required } from '@/lib/env';
import { diffDatabaseToSchema } from './lib/schema-engine';

// Usage: DATABASE_URL=<a scratch database> npm run migration:create -- <name>
// Brings the database up to the existing migrations, then writes the SQL that takes it to prisma/schema.prisma
// as a new migration. Read the SQL before committing it.
const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('Usage: npm run migration:create -- <snake_case_name>');
  process.exit(2);
}
const databaseUrl = required('DATABASE_URL');
await applyMigrations(databaseUrl, path.resolve('prisma/migrations'));
const sql = await diffDatabaseToSchema(databaseUrl, path.resolve('prisma/schema.prisma'));
if (!sql) {
  console.log('The schema and the migrations agree: nothing to write.');
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
const dir = path.resolve('prisma/migrations', `${stamp}_${name}`);
await mkdir(dir, { recursive: true });
await writeFile(path.join(dir, 'migration.sql'), `${sql}\n`);
console.log(`Wrote ${path.relative(process.cwd(), dir)}/migration.sql`);
