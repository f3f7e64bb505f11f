import type { ReceiptState } from '@/lib/generated/prisma/enums';

/** Twilio's MessageStatus → our receipt state; statuses not listed (queued, sending, accepted…) change nothing. */
const MESSAGE: Record<string, ReceiptState> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'failed',
  failed: 'failed',
  canceled: 'failed',
};

/** Twilio's CallStatus → our receipt state: an answered call that ended reached the person. */
const CALL: Record<string, ReceiptState> = {
  ringing: 'sent',
  'in-progress': 'sent',
  completed: 'delivered',
  busy: 'failed',
  'no-answer': 'failed',
  failed: 'failed',
  canceled: 'failed',
};

export function messageStatusState(status: string | undefined): ReceiptState | null {
  return (status && MESSAGE[status]) || null;
}

export function callStatusState(status: string | undefined): ReceiptState | null {
  return (status && CALL[status]) || null;
}
