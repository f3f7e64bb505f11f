import { describe, expect, it } from '@jest/globals';
import { receiptKeyInQuery } from '@/lib/receipts/read-receipt-key';
import { receiptKey, receiptKeyQuery } from '@/lib/receipts/receipt-key';

// A receipt's key carries its contact cycle round (issue 36) from round 2 on; round 1's keys are what they were before
// the cycle, so callbacks and push confirmations of messages already out still find their receipt.
const parts = {
  alertId: '1c0b4a52-7a3e-4d59-9a55-4f1e8f6a2b10',
  userId: '5d3f6a1e-2b7c-4c8d-9e0f-1a2b3c4d5e6f',
  channel: 'voice' as const,
  fallback: true,
};
const fromQuery = (query: string) => receiptKeyInQuery.parse(Object.fromEntries(new URLSearchParams(query))).receiptKey;

describe('the receipt key and the contact cycle round', () => {
  it('leaves round 1 out, and names a later round', () => {
    expect(receiptKey({ ...parts, round: 1 })).toBe(`${parts.alertId}:${parts.userId}:voice:fallback`);
    expect(receiptKey({ ...parts, round: 2 })).toBe(`${parts.alertId}:${parts.userId}:voice:fallback:2`);
    expect(receiptKeyQuery({ ...parts, round: 1 })).not.toContain('round');
    expect(receiptKeyQuery({ ...parts, round: 3 })).toContain('round=3');
  });

  it('reads a callback URL back to the key, round 1 when it names none', () => {
    expect(fromQuery(receiptKeyQuery({ ...parts, round: 2 }))).toEqual({ ...parts, round: 2 });
    expect(fromQuery(receiptKeyQuery({ ...parts, round: 1 }))).toEqual({ ...parts, round: 1 });
    expect(fromQuery(`${receiptKeyQuery({ ...parts, round: 1 })}&round=zero`)).toBeNull();
  });
});
