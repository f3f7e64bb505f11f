import { createServer } from 'node:http';
import next from 'next';
import { disconnectDb } from '@/lib/db';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { attachRealtime } from '@/lib/realtime/attach-realtime';
import { disconnectRedis } from '@/lib/redis';

// The web process: Next.js pages and API routes, and Socket.IO at /eventHub, on one port.
const dev = process.argv.includes('--dev');
const app = next({ dev, hostname: env.HOST, port: env.PORT });
await app.prepare();
const handle = app.getRequestHandler();

const server = createServer((request, response) => {
  void handle(request, response);
});
const io = attachRealtime(server);

server.listen(env.PORT, env.HOST, () => {
  logger.info('web ready', { url: `http://localhost:${env.PORT}`, dev });
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info('web stopping', { signal });
  const forced = setTimeout(() => process.exit(1), 10_000);
  forced.unref();
  await new Promise<void>((resolve) => io.close(() => resolve()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await Promise.allSettled([disconnectDb(), disconnectRedis()]);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
