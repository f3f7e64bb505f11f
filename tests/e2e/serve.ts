import { createTestDatabase } from '../helpers/test-database';
import { startTestServer } from '../helpers/test-server';

// Playwright's web server: the real server on E2E_PORT against a clean database; stops and drops it on SIGTERM.
const port = Number(process.argv[2]);
const database = await createTestDatabase();
const server = await startTestServer(database.url, { LOG_LEVEL: 'warn' }, port);
console.log(`e2e server ready at ${server.url}`);

async function stop(): Promise<void> {
  await server.stop();
  await database.drop();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
