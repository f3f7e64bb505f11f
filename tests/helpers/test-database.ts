import { randomBytes } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { createDatabase, dropDatabase } from '@/scripts/lib/databases';
import { testEnv } from './test-env';

export interface TestDatabase {
  name: string;
  url: string;
  db: PrismaClient;
  drop: () => Promise<void>;
}

export function databaseUrl(name: string): string {
  const url = new URL(testEnv('TEST_ADMIN_DATABASE_URL'));
  url.pathname = `/${name}`;
  return url.toString();
}

/** A clean database for one test file: an empty database created from the migrated template. */
export async function createTestDatabase(template: string | undefined = testEnv('TEST_TEMPLATE_DATABASE')): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await createDatabase(testEnv('TEST_ADMIN_DATABASE_URL'), name, template);
  const url = databaseUrl(name);
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 3 }) });
  return {
    name,
    url,
    db,
    drop: async () => {
      await db.$disconnect();
      await dropDatabase(testEnv('TEST_ADMIN_DATABASE_URL'), name);
    },
  };
}
