import path from 'node:path';
import { applyMigrations } from '@/lib/db/apply-migrations';
import { required } from '@/lib/env';

const result = await applyMigrations(required('DATABASE_URL'), path.resolve('prisma/migrations'));
console.log(
  result.applied.length
    ? `Applied ${result.applied.length} migration(s): ${result.applied.join(', ')}`
    : `Database is up to date (${result.alreadyApplied} migration(s) applied).`,
);
