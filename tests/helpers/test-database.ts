import { randomBytes } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { createDatabase, databaseUrlOf, dropDatabase } from '@/scripts/lib/databases';
import { testEnv } from './test-env';

export interface TestDatabase {
  name: string;
  url: string;
  db: PrismaClient;
  drop: () => Promise<void>;
}

export function databaseUrl(name: string): string {
  return databaseUrlOf(testEnv('TEST_ADMIN_DATABASE_URL'), name);
}

/** A Prisma client on the named database; `drop` disconnects it and, when `dropOnEnd`, drops the database. */
export function openTestDatabase(name: string, dropOnEnd: boolean): TestDatabase {
  const url = databaseUrl(name);
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 3 }) });
  return {
    name,
    url,
    db,
    drop: async () => {
      await db.$disconnect();
      if (dropOnEnd) await dropDatabase(testEnv('TEST_ADMIN_DATABASE_URL'), name);
    },
  };
}

/** A clean database for one test file: an empty database created from the migrated template. */
export async function createTestDatabase(
  template: string | undefined = testEnv('TEST_TEMPLATE_DATABASE'),
): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await createDatabase(testEnv('TEST_ADMIN_DATABASE_URL'), name, template);
  return openTestDatabase(name, true);
}
