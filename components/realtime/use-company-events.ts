'use client';

import { useEffect, useEffectEvent } from 'react';
import { io } from 'socket.io-client';
import { session } from '@/lib/http/client';
import { companyEventName, REALTIME_PATH, type CompanyEventKind } from '@/lib/realtime/events';

export interface CompanyEventHandlers {
  /** The events to listen to; by default new alert, new mission and mission finished. */
  kinds?: CompanyEventKind[];
  /** A company event (spec §7 real-time hub) arrived, with its payload (e.g. `{ alertId }`). */
  onEvent: (kind: CompanyEventKind, payload: Record<string, unknown>) => void;
  /** The connection came back after a break: events may have been missed. */
  onReconnect?: () => void;
}

const DEFAULT_KINDS: CompanyEventKind[] = ['newAlert', 'newMission', 'missionFinished'];

/**
 * The live events of the current company (DESIGN §8): Socket.IO at /eventHub, authenticated with the stored session
 * token and company id (read again on every reconnect attempt). Socket.IO reconnects by itself.
 */
export function useCompanyEvents(enabled: boolean, handlers: CompanyEventHandlers): void {
  const onEvent = useEffectEvent((kind: CompanyEventKind, payload: Record<string, unknown>) => handlers.onEvent(kind, payload));
  const kinds = (handlers.kinds ?? DEFAULT_KINDS).join(',');
  const onReconnect = useEffectEvent(() => handlers.onReconnect?.());

  useEffect(() => {
    const customerId = session.customerId();
    if (!enabled || !customerId) return;
    const socket = io({
      path: REALTIME_PATH,
      transports: ['websocket', 'polling'],
      auth: (send) => send({ token: session.token(), customerId: session.customerId() }),
    });
    for (const kind of kinds.split(',') as CompanyEventKind[]) {
      socket.on(companyEventName(kind, customerId), (payload: unknown) => onEvent(kind, payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {}));
    }
    socket.io.on('reconnect', () => onReconnect());
    // A refused handshake is not retried by Socket.IO: try again a little later (the session may have been renewed).
    let retry: ReturnType<typeof setTimeout> | undefined;
    socket.on('connect_error', () => {
      if (socket.active) return;
      retry = setTimeout(() => socket.connect(), 10_000);
    });
    return () => {
      clearTimeout(retry);
      socket.disconnect();
    };
  }, [enabled, kinds]);
}
