import { Emitter } from '@socket.io/redis-emitter';
import { createRedis } from '@/lib/redis';
import { processSingleton } from '@/lib/singleton';
import {
  companyEventName,
  companyRoom,
  DASHBOARD_ALERT_SIGNAL,
  DASHBOARD_PART_CHANGED,
  type CompanyEventKind,
  type DashboardAlertSignal,
} from './events';

const emitterConnection = processSingleton('emitter', () => {
  const redis = createRedis({ maxRetriesPerRequest: 3 });
  return { emitter: new Emitter(redis), redis };
});

function emitter(): Emitter {
  return emitterConnection.get().emitter;
}

/**
 * Tells every connected member of the company (on any web node) that something happened, and which part of the
 * dashboard it changed (`changed`). Usable from the web and the worker.
 */
export function emitCompanyEvent(kind: CompanyEventKind, companyId: string, payload: Record<string, unknown>): void {
  const changed = DASHBOARD_PART_CHANGED[kind];
  emitter()
    .to(companyRoom(companyId))
    .emit(companyEventName(kind, companyId), changed ? { ...payload, changed } : payload);
}

/**
 * Asks every web node to send a sent alert to the dashboards of its connections that may see it (dashboardAlert), each
 * node for its own connections (attach-realtime.ts): one small message, whatever the number of recipients.
 */
export function signalDashboardAlert(signal: DashboardAlertSignal): void {
  emitter().serverSideEmit(DASHBOARD_ALERT_SIGNAL, signal);
}

export function closeEmitter(): void {
  emitterConnection.remove()?.redis.disconnect();
}
