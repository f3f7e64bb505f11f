import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server } from 'socket.io';
import { ApiError } from '@/lib/api-error';
import { recheckAdmissions } from '@/lib/auth/recheck-admissions';
import { resolveSession } from '@/lib/auth/resolve-session';
import { now } from '@/lib/clock';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { requireMembership } from '@/lib/auth/resolve-membership';
import { logger } from '@/lib/logger';
import { countRealtimeConnection } from '@/lib/metrics/request-metrics';
import { findLiveDashAlert } from '@/lib/dashboard/find-live-dash-alert';
import { createRedis } from '@/lib/redis';
import {
  companyEventName,
  companyRoom,
  DASHBOARD_ALERT_SIGNAL,
  REALTIME_PATH,
  type DashboardAlertSignal,
} from '@/lib/realtime/events';

/** Who a socket is admitted as (its company's room); recheckSockets checks it again every REALTIME_RECHECK_SECONDS. */
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
    socket.once('disconnect', countRealtimeConnection());
  });
  io.on(DASHBOARD_ALERT_SIGNAL, (signal: DashboardAlertSignal) => void sendDashboardAlert(io, signal));

  // A socket outlives the checks of its handshake: a logout, a revoked session or a removed membership must end it too.
  let rechecking = false;
  const recheck = setInterval(() => {
    if (rechecking) return;
    rechecking = true;
    void recheckSockets(io).finally(() => (rechecking = false));
  }, env.REALTIME_RECHECK_SECONDS * 1000);
  recheck.unref();

  httpServer.once('close', () => {
    clearInterval(recheck);
    pub.disconnect();
    sub.disconnect();
  });
  return io;
}

/**
 * Every socket of this node checked again in a few queries (recheckAdmissions), not one each: those no longer admitted
 * are told why and closed.
 */
async function recheckSockets(io: Server): Promise<void> {
  const sockets = [...io.of('/').sockets.values()];
  if (sockets.length === 0) return;
  try {
    const admissions = sockets.map((socket) => ({
      token: socket.handshake.auth.token as string,
      companyId: socket.data.companyId as string,
    }));
    const verdicts = await recheckAdmissions(db(), admissions, now());
    sockets.forEach((socket, index) => {
      const refused = verdicts[index];
      if (!refused) return;
      socket.emit('sessionEnded', { status: refused.status });
      socket.disconnect(true);
    });
  } catch (error) {
    logger.warn('realtime re-check failed', { error });
  }
}

/**
 * A sent alert to the dashboards of this node's connections in its company whose people may see it (dashboardAlert),
 * looked up for those people only, in one query; one message encoded for all of them. Others get nothing: their
 * dashboards do not change.
 */
async function sendDashboardAlert(io: Server, { companyId, alertId }: DashboardAlertSignal): Promise<void> {
  try {
    const sockets = await io.in(companyRoom(companyId)).local.fetchSockets();
    if (sockets.length === 0) return;
    const userIds = [...new Set(sockets.map((socket) => socket.data.userId as string))];
    const found = await findLiveDashAlert(db(), { companyId, alertId, userIds });
    if (!found) return;
    const viewers = new Set(found.viewers);
    const to = sockets.filter((socket) => viewers.has(socket.data.userId as string)).map((socket) => socket.id);
    if (to.length > 0) io.local.to(to).emit(companyEventName('dashboardAlert', companyId), found.event);
  } catch (error) {
    logger.warn('live dashboard alert failed', { error, alertId });
  }
}
