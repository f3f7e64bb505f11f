import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server } from 'socket.io';
import { ApiError } from '@/lib/api-error';
import { resolveSession } from '@/lib/auth/resolve-session';
import { now } from '@/lib/clock';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { requireMembership } from '@/lib/http/resolve-membership';
import { logger } from '@/lib/logger';
import { createRedis } from '@/lib/redis';
import { companyRoom, REALTIME_PATH } from './events';

/** Who a socket was admitted as; checked again on every re-check. */
async function admit(auth: { token?: unknown; customerId?: unknown }) {
  if (typeof auth.token !== 'string' || auth.token === '') throw ApiError.unauthorized();
  // No renewal here: the socket cannot hand a new token to the browser, whose HTTP calls go on with this one.
  const customerId = typeof auth.customerId === 'string' && auth.customerId !== '' ? auth.customerId : null;
  const session = await resolveSession(db(), auth.token, now(), {
    renew: false,
    membership: { customerId, orFirst: false },
  });
  const { company } = requireMembership(session.membership, customerId);
  return { userId: session.userId, companyId: company.id };
}

/**
 * Socket.IO at /eventHub on the web server. The handshake carries the session token and the company id
 * (auth: { token, customerId }); the user must be an active member. Each socket joins its company's room only.
 * The Redis adapter lets several web nodes, and the worker (through the emitter), reach every socket.
 */
export function attachRealtime(httpServer: HttpServer): Server {
  const pub = createRedis({ maxRetriesPerRequest: null });
  const sub = pub.duplicate();
  const io = new Server(httpServer, { path: REALTIME_PATH, adapter: createAdapter(pub, sub), serveClient: false });

  io.use(async (socket, next) => {
    try {
      socket.data = await admit(socket.handshake.auth);
      next();
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 500;
      if (status === 500) logger.error('realtime handshake failed', { error });
      next(
        Object.assign(new Error(status === 440 ? 'session expired' : status === 403 ? 'forbidden' : 'unauthorized'), {
          data: { status },
        }),
      );
    }
  });

  io.on('connection', (socket) => {
    void socket.join(companyRoom(socket.data.companyId as string));
  });

  // A socket outlives the checks of its handshake: a logout, a revoked session or a removed membership must end it too.
  const recheck = setInterval(() => {
    for (const socket of io.of('/').sockets.values()) {
      admit(socket.handshake.auth).then(
        (admitted) => {
          if (admitted.companyId !== socket.data.companyId) socket.disconnect(true);
        },
        (error: unknown) => {
          if (!(error instanceof ApiError)) return logger.warn('realtime re-check failed', { error });
          socket.emit('sessionEnded', { status: error.status });
          socket.disconnect(true);
        },
      );
    }
  }, env.REALTIME_RECHECK_SECONDS * 1000);
  recheck.unref();

  httpServer.once('close', () => {
    clearInterval(recheck);
    pub.disconnect();
    sub.disconnect();
  });
  return io;
}
