// Browser-safe (no imports): the report's screen and its CSV tag receipts alike.

/**
 * How the delivery report tags a receipt beside its channel: nothing for the alert's own send, the fallback SMS of round
 * 1, or a step of the contact cycle (shown with its round).
 */
export function receiptTag(receipt: {
  channel: string;
  fallback: boolean;
  round: number;
}): 'fallback' | 'cycleStep' | null {
  if (!receipt.fallback) return null;
  return receipt.channel === 'sms' && receipt.round === 1 ? 'fallback' : 'cycleStep';
}
