import type { ReceiptState } from '@/lib/generated/prisma/enums';

/** The forward order of a receipt's states (DESIGN §3): a receipt never moves back. */
const ORDER: ReceiptState[] = ['pending', 'processing', 'sent', 'delivered', 'received', 'seen'];

/**
 * The states from which a receipt may move to `to`. Forward moves only; `failed` ends a receipt that has not been
 * delivered yet, and a person's confirmation (received / seen) is the truth even after a provider reported failure, or
 * when the message was only `recorded` (the outbox kept it: no provider will ever report on it, so nothing moves it to
 * sent or delivered).
 */
export function statesBefore(to: ReceiptState): ReceiptState[] {
  if (to === 'failed') return ['pending', 'processing', 'sent'];
  if (to === 'recorded') return ['pending', 'processing'];
  const earlier = ORDER.slice(0, ORDER.indexOf(to));
  return to === 'received' || to === 'seen' ? [...earlier, 'recorded', 'failed'] : earlier;
}

export function canMove(from: ReceiptState, to: ReceiptState): boolean {
  return statesBefore(to).includes(from);
}
