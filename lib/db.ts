import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient, type Prisma } from '@/lib/generated/prisma/client';
import { env, required } from '@/lib/env';
import { processSingleton } from '@/lib/singleton';

export type Db = PrismaClient;
/** The client or a transaction: what an operation that can run inside a caller's transaction accepts. */
export type DbClient = PrismaClient | Prisma.TransactionClient;

function createClient(): PrismaClient {
  const adapter = new PrismaPg({ connectionString: required('DATABASE_URL'), max: env.DATABASE_POOL_SIZE });
  return new PrismaClient({ adapter });
}

const client = processSingleton('db', createClient);

/** The process-wide Prisma client, created on first use (so builds need no database). */
export function db(): PrismaClient {
  return client.get();
}

export async function disconnectDb(): Promise<void> {
  await client.remove()?.$disconnect();
}
