'use client';

import { useEffect, useEffectEvent } from 'react';
import { io, type Socket } from 'socket.io-client';
import { sessionApi } from '@/components/session/session-api';
import { session } from '@/lib/http/client';
import { companyEventName, REALTIME_PATH, type LiveEventKind } from '@/lib/realtime/events';

export interface CompanyEventHandlers {
  /** The events to listen to; by default new alert, new mission and mission finished. */
  kinds?: LiveEventKind[];
  /** A company event (spec §7 real-time hub) arrived, with its payload (e.g. `{ alertId }`). */
  onEvent: (kind: LiveEventKind, payload: Record<string, unknown>) => void;
  /**
   * Events may have been missed: the connection came back after a break, or was first made after this listener started
   * (the page read its data before it: what changed in between is read again).
   */
  onReconnect?: () => void;
}

/** How long after an unanswered question the page asks again who is logged in, once its connection was ended. */
const CONNECTION_ENDED_RETRY_MS = 10_000;

const DEFAULT_KINDS: LiveEventKind[] = ['newAlert', 'newMission', 'missionFinished'];

/** One connection per tab and company, however many parts of the page listen (the navigation badge, the page). */
interface SharedConnection {
  customerId: string;
  socket: Socket;
  users: number;
  retry?: ReturnType<typeof setTimeout>;
}

let shared: SharedConnection | null = null;

function acquire(customerId: string): Socket {
  if (shared && shared.customerId !== customerId) close();
  if (!shared) {
    const socket = io({
      path: REALTIME_PATH,
      transports: ['websocket', 'polling'],
      auth: (send) => send({ token: session.token(), customerId: session.customerId() }),
    });
    const connection: SharedConnection = { customerId, socket, users: 0 };
    socket.on('sessionEnded', () => void afterConnectionEnded(customerId));
    // A refused handshake is not retried by Socket.IO: try again a little later (the session may have been renewed).
    socket.on('connect_error', () => {
      if (socket.active) return;
      clearTimeout(connection.retry);
      connection.retry = setTimeout(() => socket.connect(), 10_000);
    });
    shared = connection;
  }
  shared.users += 1;
  return shared.socket;
}

/**
 * The server ended the live connection (its re-check found the session ended, or the membership or company gone) and
 * will not take it back: the page asks who is logged in. A session that ended answers 440 (or 401), on which the API
 * client moves the page to /loggedOut with the reason; a person no longer in this company starts over in the one the
 * server answers for (or none); otherwise the page is loaded again, with a new connection.
 */
async function afterConnectionEnded(customerId: string): Promise<void> {
  const me = await sessionApi.me(new AbortController().signal).catch(() => null);
  if (!me) {
    // No answer (or the page is on its way to /loggedOut): ask again a little later.
    setTimeout(() => void afterConnectionEnded(customerId), CONNECTION_ENDED_RETRY_MS);
    return;
  }
  const answeredFor = me.customer?.customerId ?? null;
  if (answeredFor === customerId) {
    window.location.reload();
    return;
  }
  session.setCustomerId(answeredFor);
  window.location.assign('/');
}

function release(): void {
  if (!shared) return;
  shared.users -= 1;
  if (shared.users <= 0) close();
}

function close(): void {
  if (!shared) return;
  clearTimeout(shared.retry);
  shared.socket.disconnect();
  shared = null;
}

/**
 * The live events of the current company (DESIGN §8): Socket.IO at /eventHub, authenticated with the stored session
 * token and company id (read again on every reconnect attempt). Socket.IO reconnects by itself.
 */
export function useCompanyEvents(enabled: boolean, handlers: CompanyEventHandlers): void {
  const onEvent = useEffectEvent((kind: LiveEventKind, payload: Record<string, unknown>) =>
    handlers.onEvent(kind, payload),
  );
  const kinds = (handlers.kinds ?? DEFAULT_KINDS).join(',');
  const onReconnect = useEffectEvent(() => handlers.onReconnect?.());

  useEffect(() => {
    const customerId = session.customerId();
    if (!enabled || !customerId) return;
    const socket = acquire(customerId);
    const listeners = (kinds.split(',') as LiveEventKind[]).map((kind) => {
      const listener = (payload: unknown) =>
        onEvent(kind, payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {});
      socket.on(companyEventName(kind, customerId), listener);
      return [companyEventName(kind, customerId), listener] as const;
    });
    // Every connection made while listening (the first one, if the page listens before it, and each after a break).
    const connected = () => onReconnect();
    socket.on('connect', connected);
    return () => {
      for (const [event, listener] of listeners) socket.off(event, listener);
      socket.off('connect', connected);
      release();
    };
  }, [enabled, kinds]);
}
