import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient, type Prisma } from '@/lib/generated/prisma/client';
import { env, required } from '@/lib/env';

export type Db = PrismaClient;
/** The client or a transaction: what an operation that can run inside a caller's transaction accepts. */
export type DbClient = PrismaClient | Prisma.TransactionClient;

const globalForDb = globalThis as unknown as { tocsinDb?: PrismaClient };

function createClient(): PrismaClient {
  const adapter = new PrismaPg({ connectionString: required('DATABASE_URL'), max: env.DATABASE_POOL_SIZE });
  return new PrismaClient({ adapter });
}

/** The process-wide Prisma client, created on first use (so builds need no database). */
export function db(): PrismaClient {
  globalForDb.tocsinDb ??= createClient();
  return globalForDb.tocsinDb;
}

export async function disconnectDb(): Promise<void> {
  if (globalForDb.tocsinDb) {
    await globalForDb.tocsinDb.$disconnect();
    globalForDb.tocsinDb = undefined;
  }
}
