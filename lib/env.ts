import { z } from 'zod';

// The only reader of process.env. Values needed only at run time are optional here and required where used,
// so that `next build` works without a database.
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  REDIS_URL: z.string().optional(),
  QUEUE_PREFIX: z.string().default('tocsin'),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_LIFETIME_HOURS: z.coerce.number().positive().default(12),
  SESSION_RENEW_AFTER_MINUTES: z.coerce.number().positive().default(10),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  WORKER_CONCURRENCY: z.coerce.number().int().positive().default(8),
  TEST_CLOCK_OFFSET_MS: z.coerce.number().default(0),
});

export type Env = z.infer<typeof schema>;

function load(): Env {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration (see .env.example):\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export const env: Env = load();

export function required<K extends keyof Env>(name: K): NonNullable<Env[K]> {
  const value = env[name];
  if (value === undefined || value === null || value === '') {
    throw new Error(`${String(name)} is not set (see .env.example)`);
  }
  return value as NonNullable<Env[K]>;
}
