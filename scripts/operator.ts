import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { ApiError } from '@/lib/api-error';
import { env } from '@/lib/env';
import { logToStderr } from '@/lib/logger';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { CommandReport } from './lib/command-report';
import { OperatorCommandError, runOperatorCommand } from './lib/operator-command';
import { EMBEDDED_DATABASE_URL_FILE } from './lib/embedded-database';

// `npm run operator -- <command>` (scripts/lib/operator-command.ts lists them). The database: DATABASE_URL, else the
// embedded one of `npm start` (its address while it runs, or started here for the command when it does not) in its
// data folder (.data, or --data-dir).

/** `--data-dir <folder>` (or `--data-dir=<folder>`), taken out of the command's words. */
function dataDirOption(args: string[]): { dataDir: string; commandArgs: string[] } {
  const at = args.findIndex((arg) => arg === '--data-dir' || arg.startsWith('--data-dir='));
  if (at < 0) return { dataDir: path.resolve('.data'), commandArgs: args };
  const inline = args[at].startsWith('--data-dir=');
  const folder = inline ? args[at].slice('--data-dir='.length) : args[at + 1];
  if (!folder || folder.startsWith('--')) throw new OperatorCommandError('--data-dir needs a folder');
  return { dataDir: path.resolve(folder), commandArgs: args.toSpliced(at, inline ? 1 : 2) };
}

async function withDatabase<T>(dataDir: string, run: (url: string) => Promise<T>): Promise<T> {
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

/** Prints what the command answered; its exit code (a report's own, else 0). */
function print(result: unknown, json: boolean): number {
  if (result instanceof CommandReport) {
    console.log(json ? JSON.stringify(result.data, null, 2) : result.text);
    return result.exitCode;
  }
  if (json || typeof result !== 'object' || result === null) {
    console.log(JSON.stringify(result, null, 2));
    return 0;
  }
  const { items, total } = result as { items?: Record<string, unknown>[]; total?: number };
  if (!items) {
    for (const [key, value] of Object.entries(result))
      console.log(`${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`);
    return 0;
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
  return 0;
}

/** Runs the command: its exit code, 2 for a refusal of its input, 1 (with the stack) for anything unexpected. */
async function main(args: string[]): Promise<number> {
  try {
    const { dataDir, commandArgs } = dataDirOption(args);
    const result = await withDatabase(dataDir, async (url) => {
      const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
      try {
        return await runOperatorCommand({ db, now: new Date(), userId: null }, commandArgs);
      } finally {
        await db.$disconnect();
      }
    });
    return print(result, commandArgs.includes('--json'));
  } catch (error) {
    const badArguments = (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ?? false;
    if (!(error instanceof OperatorCommandError || error instanceof ApiError || badArguments)) {
      console.error(error);
      return 1;
    }
    console.error(error instanceof ApiError ? error.messages.join('\n') : (error as Error).message);
    return 2;
  }
}

// Exits explicitly, with whatever is still open (Redis, a mail connection): once the embedded Postgres has been
// loaded, its exit hook (async-exit-hook, on beforeExit) would otherwise end the process with code 0 whatever the
// command's outcome (as in scripts/lib/backup/run-backup-command.ts).
// Stdout is the command's result (JSON with --json); the operations' log lines go to stderr.
logToStderr();
process.exit(await main(process.argv.slice(2)));
