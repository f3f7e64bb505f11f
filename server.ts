import { createServer } from 'node:http';
import next from 'next';
import { disconnectDb } from '@/lib/db';
import { env, required } from '@/lib/env';
import { CLIENT_ADDRESS_HEADER, clientAddressOf } from '@/lib/http-parts/client-address';
import {
  answerMalformedRequest,
  dropUnreadBodyOnceAnswered,
  refuseUndecodablePath,
} from '@/lib/http/malformed-request-answer';
import { publicUrlWarning } from '@/lib/http-parts/public-url';
import { logger } from '@/lib/logger';
import { attachRealtime } from '@/lib/event-hub/attach-realtime';
import { disconnectRedis } from '@/lib/redis';

// The web process: Next.js pages and API routes, and Socket.IO at /eventHub, on one port.
const dev = process.argv.includes('--dev');
// Every e-mail link (sign-up, reset, invitations) and Twilio callback is built from PUBLIC_URL: without it a production
// server would fail those requests one by one, so it refuses to start instead (npm start sets it to the local address).
if (!dev) required('PUBLIC_URL');
const app = next({ dev, hostname: env.HOST, port: env.PORT });
await app.prepare();
const handle = app.getRequestHandler();

const server = createServer((request, response) => {
  if (refuseUndecodablePath(request, response)) return;
  // Always overwritten, so a client cannot choose the address it is throttled as (lib/http-parts/client-address.ts).
  request.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf(
    request.socket.remoteAddress,
    request.headers['x-forwarded-for'],
    env.TRUSTED_PROXY_HOPS,
  );
  dropUnreadBodyOnceAnswered(request, response);
  void handle(request, response);
});
server.on('clientError', answerMalformedRequest);
// An idle kept-alive connection is closed after 65 s, not Node's 5 s: a client or proxy that reuses it at the moment
// the server closes it gets a reset instead of an answer (reverse proxies keep upstream connections up to 60 s; fetch
// reuses a socket until about a second before the server's announced timeout, and a busy client's timers run late).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
const io = attachRealtime(server);

server.listen(env.PORT, env.HOST, () => {
  logger.info('web ready', { url: `http://localhost:${env.PORT}`, dev });
  // What an operator starting a fresh install must know: addresses others cannot use, and e-mails that do not go out.
  const publicUrlProblem = publicUrlWarning();
  if (publicUrlProblem) logger.warn(publicUrlProblem);
  if (!env.SMTP_URL) {
    logger.warn(
      'SMTP_URL is not set: e-mails are not sent; each is recorded in the outbox and printed here with its links.',
    );
  }
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
