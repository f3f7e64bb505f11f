import { spawn } from 'node:child_process';
import { startSharedApiServers, type SharedApiServers } from './lib/shared-api-servers';
import { startTestServices } from './lib/test-services';

// Usage: tsx scripts/with-test-services.ts [--api-servers N] <command> [args...]
// Runs the command with throw-away Postgres and Redis (see scripts/lib/test-services.ts), then stops them. With
// --api-servers, also N web servers that API test files without settings of their own share, one per jest worker
// (scripts/lib/shared-api-servers.ts).
let args = process.argv.slice(2);
let apiServerCount = 0;
if (args[0] === '--api-servers') {
  apiServerCount = Number(args[1]);
  args = args.slice(2);
}
const [command, ...commandArgs] = args;
if (!command || !Number.isInteger(apiServerCount) || apiServerCount < 0) {
  console.error('Usage: tsx scripts/with-test-services.ts [--api-servers N] <command> [args...]');
  process.exit(2);
}
const services = await startTestServices(console.log);
let apiServers: SharedApiServers | undefined;
if (apiServerCount > 0) apiServers = await startSharedApiServers(services.env, apiServerCount);
const child = spawn(command, commandArgs, {
  stdio: 'inherit',
  env: { ...process.env, ...services.env, ...apiServers?.env },
  shell: process.platform === 'win32',
});
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
const code: number = await new Promise((resolve) =>
  child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))),
);
await apiServers?.stop();
await services.stop();
process.exit(code);
