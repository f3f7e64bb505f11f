import { env } from '@/lib/env';

const ORDER = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof ORDER;

function serialise(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

let lowerLevels: NodeJS.WriteStream = process.stdout;

/**
 * From now on every line goes to stderr: for a command whose stdout is its result (`npm run operator -- … --json`), so
 * that what the operations log (an e-mail recorded in the outbox) never mixes into it.
 */
export function logToStderr(): void {
  lowerLevels = process.stderr;
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (ORDER[level] < ORDER[env.LOG_LEVEL]) return;
  const entry = {
    time: new Date().toISOString(),
    level,
    message,
    ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, serialise(v)])),
  };
  (level === 'error' ? process.stderr : lowerLevels).write(`${JSON.stringify(entry)}\n`);
}

/** Structured one-line JSON logs on stdout / stderr. */
export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
