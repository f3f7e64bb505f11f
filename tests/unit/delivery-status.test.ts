import { describe, it, expect } from '@jest/globals';
import { DELIVERY_STATUSES, deliveryStats, deliveryStatus, type ReceiptFacts } from '@/lib/alerts/delivery-status';

const inTarget = { inTarget: true };
const push = (state: ReceiptFacts['state']): ReceiptFacts => ({ channel: 'push', fallback: false, state });
const sms = (state: ReceiptFacts['state']): ReceiptFacts => ({ channel: 'sms', fallback: false, state });
const fallbackSms = (state: ReceiptFacts['state']): ReceiptFacts => ({ channel: 'sms', fallback: true, state });
const voice = (state: ReceiptFacts['state']): ReceiptFacts => ({ channel: 'voice', fallback: false, state });

describe('deliveryStatus (contract order, first match wins)', () => {
  it.each<[string, ReceiptFacts[], string]>([
    ['no receipts', [], 'failed'],
    ['all failed', [push('failed'), sms('failed')], 'failed'],
    ['app received', [push('received'), sms('failed')], 'receivedinapp'],
    ['app seen beats a received SMS', [push('seen'), sms('received')], 'receivedinapp'],
    ['voice confirmed', [voice('received'), sms('delivered')], 'received'],
    ['voice seen', [voice('seen')], 'received'],
    ['SMS confirmed', [sms('received'), push('delivered')], 'receivedassms'],
    ['fallback SMS confirmed', [push('delivered'), fallbackSms('seen')], 'receivedassms'],
    ['app delivered beats SMS delivered', [push('delivered'), sms('delivered')], 'deliveredApp'],
    ['fallback SMS delivered', [push('sent'), fallbackSms('delivered')], 'fallbacksms'],
    ['fallback delivered beats plain SMS delivered', [sms('delivered'), fallbackSms('delivered')], 'fallbacksms'],
    ['SMS delivered', [push('failed'), sms('delivered')], 'deliveredSms'],
    ['a pending fallback SMS', [push('sent'), fallbackSms('pending')], 'fallback'],
    ['a sent fallback SMS', [push('failed'), fallbackSms('sent')], 'fallback'],
    ['a failed fallback SMS is no fallback', [push('sent'), fallbackSms('failed')], 'sent'],
    ['voice delivered counts as sent', [voice('delivered')], 'sent'],
    ['sent', [push('sent'), sms('pending')], 'sent'],
    ['pending', [push('pending'), sms('failed')], 'processing'],
    ['processing', [voice('processing')], 'processing'],
    ['only recorded by the outbox', [push('recorded'), sms('recorded')], 'recorded'],
    ['recorded push, a real SMS sent', [push('recorded'), sms('sent')], 'sent'],
    ['recorded push, SMS still going', [push('recorded'), sms('processing')], 'processing'],
    ['a recorded fallback SMS is no fallback', [push('recorded'), fallbackSms('recorded')], 'recorded'],
    ['confirmed in the app after a recorded push', [push('received')], 'receivedinapp'],
  ])('%s', (_name, receipts, expected) => {
    expect(deliveryStatus(inTarget, receipts)).toBe(expected);
  });

  it('is outOfTarget for a person outside the area, whatever the receipts', () => {
    expect(deliveryStatus({ inTarget: false }, [])).toBe('outOfTarget');
    expect(deliveryStatus({ inTarget: false }, [push('seen')])).toBe('outOfTarget');
  });

  it('only ever answers one of the delivery statuses', () => {
    const states: ReceiptFacts['state'][] = [
      'pending',
      'processing',
      'recorded',
      'sent',
      'delivered',
      'received',
      'seen',
      'failed',
    ];
    for (const a of states)
      for (const b of states) {
        expect(DELIVERY_STATUSES).toContain(deliveryStatus(inTarget, [push(a), fallbackSms(b)]));
      }
  });
});

describe('deliveryStats', () => {
  it('has every status, and counts as recipients the people alerted (not those outside the area)', () => {
    const stats = deliveryStats([
      { status: 'sent', count: 3 },
      { status: 'failed', count: 1 },
      { status: 'outOfTarget', count: 2 },
    ]);
    expect(Object.keys(stats).sort()).toEqual(['recipients', ...DELIVERY_STATUSES].sort());
    expect(stats).toMatchObject({ recipients: 4, sent: 3, failed: 1, outOfTarget: 2, deliveredApp: 0, processing: 0 });
  });
});
