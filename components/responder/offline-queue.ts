import type { Position } from '@/components/ui/use-my-position';
import { alertApi } from '@/components/alerts/alert-api';
import { isNoAnswer } from '@/lib/http/client';
import { responderApi } from './responder-api';

// What the person did without a network, kept in the browser and sent when it is back (the `online` event, or the
// responder's next start): confirmations (the server keeps the first, so a repeat does no harm) and replies (each
// carries its own clientId, so one sent again after a lost answer is posted once).

const CONFIRMATIONS_KEY = 'tocsin.responder.pendingConfirmations';
const REPLIES_KEY = 'tocsin.responder.pendingReplies';
/** Said on the window when something that waited was sent, so the page showing it reloads. */
export const PENDING_SENT_EVENT = 'tocsin:pendingSent';

interface Pending {
  alertId: string;
  userId: string;
  companyId: string;
}

interface PendingConfirmation extends Pending {
  deviceId: string | null;
  /** Where the person was when they confirmed, when they chose to send it. */
  position: Position | null;
}

export interface PendingReply extends Pending {
  clientId: string;
  message: string;
  /** When it was written (ISO), shown beside it while it waits. */
  writtenAt: string;
}

function readList<T>(key: string): T[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(key) ?? '[]');
    return Array.isArray(stored) ? (stored as T[]) : [];
  } catch {
    return [];
  }
}

function writeList<T>(key: string, list: T[]): void {
  try {
    if (list.length) window.localStorage.setItem(key, JSON.stringify(list));
    else window.localStorage.removeItem(key);
  } catch {
    // storage blocked: nothing can wait for the network
  }
}

const sameConfirmation = (a: PendingConfirmation, b: PendingConfirmation) =>
  a.alertId === b.alertId && a.userId === b.userId;

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
    if (!isNoAnswer(error)) throw error;
    const others = readList<PendingConfirmation>(CONFIRMATIONS_KEY).filter(
      (pending) => !sameConfirmation(pending, confirmation),
    );
    writeList(CONFIRMATIONS_KEY, [...others, confirmation]);
    return 'queued';
  }
}

export function isPending(alertId: string, userId: string): boolean {
  return readList<PendingConfirmation>(CONFIRMATIONS_KEY).some(
    (pending) => pending.alertId === alertId && pending.userId === userId,
  );
}

/** A reply written without a network: it waits in the browser, in the order written. */
export function queueReply(reply: PendingReply): void {
  writeList(REPLIES_KEY, [...readList<PendingReply>(REPLIES_KEY), reply]);
}

/** The person's replies to an alert that wait for the network, oldest first. */
export function pendingReplies(alertId: string, userId: string): PendingReply[] {
  return readList<PendingReply>(REPLIES_KEY).filter((reply) => reply.alertId === alertId && reply.userId === userId);
}

/**
 * Sends `kept` items of `key` one by one with `send`, for the person and the company the session opens (the API acts
 * in the current company); the rest waits for that company. Stops at the first one the network does not take; one the
 * server refuses (the alert deleted, closed or not theirs) is dropped. Answers how many were sent.
 */
async function sendList<T extends Pending>(
  key: string,
  userId: string,
  companyId: string,
  send: (item: T) => Promise<unknown>,
  same: (a: T, b: T) => boolean,
): Promise<number> {
  let sent = 0;
  for (const pending of readList<T>(key)) {
    if (pending.userId !== userId || pending.companyId !== companyId) continue;
    try {
      await send(pending);
      sent += 1;
    } catch (error) {
      if (isNoAnswer(error)) return sent;
    }
    writeList(
      key,
      readList<T>(key).filter((other) => !same(other, pending)),
    );
  }
  return sent;
}

/** Sends the confirmations, then the replies, that waited; the window hears PENDING_SENT_EVENT when any went. */
export async function sendPending(userId: string, companyId: string): Promise<number> {
  const confirmations = await sendList<PendingConfirmation>(
    CONFIRMATIONS_KEY,
    userId,
    companyId,
    (pending) => responderApi.confirm(pending.alertId, 'seen', pending.deviceId, pending.position ?? null),
    sameConfirmation,
  );
  const replies = await sendList<PendingReply>(
    REPLIES_KEY,
    userId,
    companyId,
    (reply) => alertApi.comment(reply.alertId, { message: reply.message, attachments: [], clientId: reply.clientId }),
    (a, b) => a.clientId === b.clientId,
  );
  if (confirmations + replies > 0) window.dispatchEvent(new Event(PENDING_SENT_EVENT));
  return confirmations + replies;
}
