import type { Position } from '@/components/ui/use-my-position';
import { ApiCallError } from '@/lib/http/client';
import { responderApi } from './responder-api';

// Confirmations made without a network: kept in the browser and sent when it is back (the `online` event, or the
// responder's next start). The server keeps the first confirmation only, so a repeat does no harm.

const PENDING_KEY = 'tocsin.responder.pendingConfirmations';

interface PendingConfirmation {
  alertId: string;
  userId: string;
  companyId: string;
  deviceId: string | null;
  /** Where the person was when they confirmed, when they chose to send it. */
  position: Position | null;
}

function readPending(): PendingConfirmation[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(PENDING_KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as PendingConfirmation[]) : [];
  } catch {
    return [];
  }
}

function writePending(list: PendingConfirmation[]): void {
  try {
    if (list.length) window.localStorage.setItem(PENDING_KEY, JSON.stringify(list));
    else window.localStorage.removeItem(PENDING_KEY);
  } catch {
    // storage blocked: nothing can wait for the network
  }
}

const samePending = (a: PendingConfirmation, b: PendingConfirmation) =>
  a.alertId === b.alertId && a.userId === b.userId;

const offline = (error: unknown) => error instanceof ApiCallError && error.status === 0;

export type ConfirmOutcome = 'confirmed' | 'queued';

/**
 * The person opened the alert (`seen`, which records `received` too). Without a network the confirmation waits in the
 * browser and 'queued' says so; any other failure is the server's answer and is thrown.
 */
export async function confirmAlert(confirmation: PendingConfirmation): Promise<ConfirmOutcome> {
  try {
    await responderApi.confirm(confirmation.alertId, 'seen', confirmation.deviceId, confirmation.position);
    return 'confirmed';
  } catch (error) {
    if (!offline(error)) throw error;
    const others = readPending().filter((pending) => !samePending(pending, confirmation));
    writePending([...others, confirmation]);
    return 'queued';
  }
}

export function isPending(alertId: string, userId: string): boolean {
  return readPending().some((pending) => pending.alertId === alertId && pending.userId === userId);
}

/**
 * Sends what waited, for the person and the company the session opens (the API confirms in the current company);
 * the rest waits for that company. An alert the server no longer knows (deleted, or not theirs) is dropped.
 */
export async function sendPendingConfirmations(userId: string, companyId: string): Promise<number> {
  let sent = 0;
  for (const pending of readPending()) {
    if (pending.userId !== userId || pending.companyId !== companyId) continue;
    try {
      await responderApi.confirm(pending.alertId, 'seen', pending.deviceId, pending.position ?? null);
      sent += 1;
    } catch (error) {
      if (offline(error)) return sent;
    }
    writePending(readPending().filter((other) => !samePending(other, pending)));
  }
  return sent;
}
