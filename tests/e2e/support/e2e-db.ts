import { PrismaPg } from '@prisma/adapter-pg';
import type { Db } from '@/lib/db';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { e2eServerInfo } from './e2e-server-info';

let client: PrismaClient | undefined;

/** A Prisma client on the e2e server's database, for arranging data and checking what the server did. */
export function e2eDb(): Db {
  client ??= new PrismaClient({ adapter: new PrismaPg({ connectionString: e2eServerInfo().databaseUrl, max: 2 }) });
  return client;
}
