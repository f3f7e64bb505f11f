import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { ApiError } from '@/lib/api-error';
import { env } from '@/lib/env';
import { logToStderr } from '@/lib/logger';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { OperatorCommandError, runOperatorCommand } from './lib/operator-command';
import { EMBEDDED_DATABASE_URL_FILE } from './lib/embedded-database';
import { printerOf } from './lib/operator-output';

// `npm run operator -- <command>` (scripts/lib/operator-command.ts lists them). The database: DATABASE_URL, else the
// embedded one of `npm start` (its address while it runs, or started here for the command when it does not).

const dataDir = path.resolve('.data');

async function withDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  if (env.DATABASE_URL) return run(env.DATABASE_URL);
  const runningFile = path.join(dataDir, EMBEDDED_DATABASE_URL_FILE);
  if (existsSync(runningFile)) return run((await readFile(runningFile, 'utf8')).trim());
  if (!existsSync(path.join(dataDir, 'postgres')))
    throw new OperatorCommandError('No database: set DATABASE_URL, or run `npm start` once to make the embedded one.');
  const [{ startPostgres }, { freePort }] = await Promise.all([import('./lib/postgres-server'), import('./lib/ports')]);
  const postgres = await startPostgres({
    dataDir: path.join(dataDir, 'postgres'),
    port: await freePort(),
    persistent: true,
  });
  try {
    return await run(postgres.url('tocsin'));
  } finally {
    await postgres.stop();
  }
}

function print(result: unknown, json: boolean): void {
  if (json || typeof result !== 'object' || result === null) {
    console.log(JSON.stringify(result, null, 2));
    return;
  }
  const printer = printerOf(result);
  if (printer) {
    printer(result);
    return;
  }
  const { items, total } = result as { items?: Record<string, unknown>[]; total?: number };
  if (!items) {
    for (const [key, value] of Object.entries(result))
      console.log(`${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`);
    return;
  }
  console.table(
    items.map((company) => ({
      id: company.id,
      name: company.name,
      plan: company.plan,
      seats: `${String(company.seatsUsed)}/${String(company.maxUsers)}`,
      features: (company.features as string[]).join(',') || '-',
      suspended: company.suspendedAt ? 'yes' : '',
      lastActivity: company.lastActivityAt ?? '-',
    })),
  );
  console.log(`${items.length} of ${total} companies`);
}

const argv = process.argv.slice(2);
// Stdout is the command's result (JSON with --json); the operations' log lines go to stderr.
logToStderr();
try {
  const result = await withDatabase(async (url) => {
    const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
    try {
      return await runOperatorCommand({ db, now: new Date(), userId: null }, argv);
    } finally {
      await db.$disconnect();
    }
  });
  print(result, argv.includes('--json'));
} catch (error) {
  const badArguments = (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ?? false;
  if (!(error instanceof OperatorCommandError || error instanceof ApiError || badArguments)) throw error;
  console.error(error instanceof ApiError ? error.messages.join('\n') : (error as Error).message);
  process.exitCode = 2;
}
