import { describe, it, expect } from '@jest/globals';
import { canMove, statesBefore } from '@/lib/receipts/receipt-transitions';

describe('receipt transitions (forward only)', () => {
  it.each([
    ['pending', 'processing', true],
    ['processing', 'sent', true],
    ['sent', 'delivered', true],
    ['delivered', 'received', true],
    ['received', 'seen', true],
    ['pending', 'seen', true],
    ['sent', 'failed', true],
    ['failed', 'received', true],
    ['failed', 'seen', true],
  ] as const)('%s → %s is allowed', (from, to, allowed) => {
    expect(canMove(from, to)).toBe(allowed);
  });

  it.each([
    ['sent', 'processing'],
    ['delivered', 'sent'],
    ['seen', 'received'],
    ['received', 'received'],
    ['delivered', 'failed'],
    ['received', 'failed'],
    ['failed', 'sent'],
    ['failed', 'delivered'],
    ['failed', 'failed'],
  ] as const)('%s → %s is refused', (from, to) => {
    expect(canMove(from, to)).toBe(false);
  });

  it('lists the earlier states for a conditional update', () => {
    expect(statesBefore('sent')).toEqual(['pending', 'processing']);
    expect(statesBefore('received')).toEqual(['pending', 'processing', 'sent', 'delivered', 'recorded', 'failed']);
  });

  it('keeps a recorded message (the outbox kept it) off the provider path, yet a confirmation moves it', () => {
    expect(statesBefore('recorded')).toEqual(['pending', 'processing']);
    for (const to of ['sent', 'delivered', 'failed'] as const) expect(canMove('recorded', to)).toBe(false);
    for (const to of ['received', 'seen'] as const) expect(canMove('recorded', to)).toBe(true);
  });
});

describe('two-way SMS replies', () => {
  it.each(['OK', 'ok', ' Ok. ', '1', 'ja', 'Yes!', 'sí'])('%j confirms', async (text) => {
    const { isConfirmingReply } = await import('@/lib/receipts/confirming-reply');
    expect(isConfirmingReply(text)).toBe(true);
  });

  it.each(['okay then, but I am hurt', '2', 'nei', ''])('%j does not confirm', async (text) => {
    const { isConfirmingReply } = await import('@/lib/receipts/confirming-reply');
    expect(isConfirmingReply(text)).toBe(false);
  });
});
