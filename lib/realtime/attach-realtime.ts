import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server } from 'socket.io';
import { resolveSession } from '@/lib/auth/resolve-session';
import { now } from '@/lib/clock';
import { db } from '@/lib/db';
import { ApiError } from '@/lib/http/errors';
import { resolveMembership } from '@/lib/http/resolve-membership';
import { logger } from '@/lib/logger';
import { createRedis } from '@/lib/redis';
import { companyRoom, REALTIME_PATH } from './events';

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
    const auth = socket.handshake.auth as { token?: unknown; customerId?: unknown };
    try {
      if (typeof auth.token !== 'string' || auth.token === '') throw ApiError.unauthorized();
      const session = await resolveSession(db(), auth.token, now());
      const customerId = typeof auth.customerId === 'string' && auth.customerId !== '' ? auth.customerId : null;
      const { company } = await resolveMembership(db(), session.userId, customerId);
      socket.data = { userId: session.userId, companyId: company.id };
      next();
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 500;
      if (status === 500) logger.error('realtime handshake failed', { error });
      next(Object.assign(new Error(status === 440 ? 'session expired' : status === 403 ? 'forbidden' : 'unauthorized'), { data: { status } }));
    }
  });

  io.on('connection', (socket) => {
    void socket.join(companyRoom(socket.data.companyId as string));
  });

  httpServer.once('close', () => {
    pub.disconnect();
    sub.disconnect();
  });
  return io;
}
