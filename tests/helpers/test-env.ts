// Reads the variables set by scripts/with-test-services.ts (and scripts/test-all.ts). Tests are the only place besides
// lib/env.ts that look at process.env, and only for these.
type TestVariable = 'TEST_ADMIN_DATABASE_URL' | 'TEST_TEMPLATE_DATABASE' | 'TEST_REDIS_URL';

export function testEnv(name: TestVariable): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run API tests with "npm run test:api" (scripts/with-test-services.ts).`);
  return value;
}

/**
 * An optional variable: the shared API servers (scripts/lib/shared-api-servers.ts), this jest worker's number, and the
 * seed that replays a fault test's random choices (tests/helpers/seeded-random.ts).
 */
export function optionalTestEnv(name: 'TEST_SHARED_API_SERVERS' | 'JEST_WORKER_ID' | 'FAULT_SEED'): string | undefined {
  return process.env[name] || undefined;
}
