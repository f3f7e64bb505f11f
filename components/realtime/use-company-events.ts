'use client';

import { useEffect, useEffectEvent } from 'react';
import { io } from 'socket.io-client';
import { session } from '@/lib/http/client';
import { companyEventName, REALTIME_PATH, type CompanyEventKind } from '@/lib/realtime/events';

export interface CompanyEventHandlers {
  /** A company event (spec §7 real-time hub) arrived. */
  onEvent: (kind: CompanyEventKind) => void;
  /** The connection came back after a break: events may have been missed. */
  onReconnect?: () => void;
}

const KINDS: CompanyEventKind[] = ['newAlert', 'newMission', 'missionFinished'];

/**
 * The live events of the current company (DESIGN §8): Socket.IO at /eventHub, authenticated with the stored session
 * token and company id (read again on every reconnect attempt). Socket.IO reconnects by itself.
 */
export function useCompanyEvents(enabled: boolean, handlers: CompanyEventHandlers): void {
  const onEvent = useEffectEvent((kind: CompanyEventKind) => handlers.onEvent(kind));
  const onReconnect = useEffectEvent(() => handlers.onReconnect?.());

  useEffect(() => {
    const customerId = session.customerId();
    if (!enabled || !customerId) return;
    const socket = io({
      path: REALTIME_PATH,
      transports: ['websocket', 'polling'],
      auth: (send) => send({ token: session.token(), customerId: session.customerId() }),
    });
    for (const kind of KINDS) socket.on(companyEventName(kind, customerId), () => onEvent(kind));
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
  }, [enabled]);
}
