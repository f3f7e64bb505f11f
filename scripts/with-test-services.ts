import { spawn } from 'node:child_process';
import { startTestServices } from './lib/test-services';

// Usage: tsx scripts/with-test-services.ts <command> [args...]
// Runs the command with throw-away Postgres and Redis (see scripts/lib/test-services.ts), then stops them.
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: tsx scripts/with-test-services.ts <command> [args...]');
  process.exit(2);
}
const services = await startTestServices(console.log);
const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...services.env }, shell: process.platform === 'win32' });
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
const code: number = await new Promise((resolve) => child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))));
await services.stop();
process.exit(code);
