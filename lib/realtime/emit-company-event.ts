import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import { createRedis } from '@/lib/redis';
import { companyEventName, companyRoom, type CompanyEventKind } from './events';

const globalForEmitter = globalThis as unknown as { tocsinEmitter?: { emitter: Emitter; redis: Redis } };

function emitter(): Emitter {
  if (!globalForEmitter.tocsinEmitter) {
    const redis = createRedis({ maxRetriesPerRequest: 3 });
    globalForEmitter.tocsinEmitter = { emitter: new Emitter(redis), redis };
  }
  return globalForEmitter.tocsinEmitter.emitter;
}

/** Tells every connected member of the company (on any web node) that something happened. Usable from the web and the worker. */
export function emitCompanyEvent(kind: CompanyEventKind, companyId: string, payload: Record<string, unknown>): void {
  emitter().to(companyRoom(companyId)).emit(companyEventName(kind, companyId), payload);
}

export function closeEmitter(): void {
  globalForEmitter.tocsinEmitter?.redis.disconnect();
  globalForEmitter.tocsinEmitter = undefined;
}
