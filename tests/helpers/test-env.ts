// Reads the variables set by scripts/with-test-services.ts. Tests are the only place besides lib/env.ts that look at
// process.env, and only for these.
export function testEnv(name: 'TEST_ADMIN_DATABASE_URL' | 'TEST_TEMPLATE_DATABASE' | 'TEST_REDIS_URL'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run API tests with "npm run test:api" (scripts/with-test-services.ts).`);
  return value;
}
