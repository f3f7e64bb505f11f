import { describe, it, expect } from '@jest/globals';
import { deliveryOutcomeCounts } from '@/lib/delivery/delivery-outcome-counts';
import { channelModes } from '@/lib/health/channel-modes';
import { fallbackLagSeconds } from '@/lib/metrics/count-fallback-start';
import { dueSince } from '@/lib/metrics/read-queue-stats';
import { routePattern } from '@/lib/metrics/route-pattern';

describe('routePattern', () => {
  it('names route parameters instead of their values', () => {
    expect(routePattern('/api/alerts/5f0c/comments', { id: '5f0c' })).toBe('/api/alerts/[id]/comments');
    expect(routePattern('/api/health', {})).toBe('/api/health');
  });

  it('folds a catch-all into one segment', () => {
    expect(routePattern('/api/no/such/address', { unknownPath: ['no', 'such', 'address'] })).toBe(
      '/api/[...unknownPath]',
    );
  });

  it('compares decoded segments, and prefers the last match over a fixed segment with the same text', () => {
    expect(routePattern('/api/teams/a%20b', { id: 'a b' })).toBe('/api/teams/[id]');
    expect(routePattern('/api/teams/teams', { id: 'teams' })).toBe('/api/teams/[id]');
  });
});

describe('deliveryOutcomeCounts', () => {
  const group = { channel: 'sms' as const, fallback: true };
  const counted = (attempts: Parameters<typeof deliveryOutcomeCounts>[1], unwanted = 0) =>
    deliveryOutcomeCounts(group, attempts, unwanted);

  it('counts sent, recorded (outbox), failed, retry, inDoubt and unwanted attempts', () => {
    expect(
      counted(
        [
          { state: 'sent', providerId: 'SM1', error: null },
          { state: 'sent', providerId: 'SM2', error: null },
          { state: 'recorded', providerId: 'outbox:7', error: null },
          { state: 'failed', providerId: null, error: 'noPhone' },
          { state: 'pending', providerId: null, error: 'Twilio error 20500: down' },
          { state: 'processing', providerId: null, error: 'socket hang up' },
        ],
        2,
      ),
    ).toEqual([
      { counter: 'deliveries', labels: { channel: 'sms', fallback: 'true', outcome: 'sent' }, by: 2 },
      { counter: 'deliveries', labels: { channel: 'sms', fallback: 'true', outcome: 'recorded' }, by: 1 },
      { counter: 'deliveries', labels: { channel: 'sms', fallback: 'true', outcome: 'failed' }, by: 1 },
      { counter: 'deliveries', labels: { channel: 'sms', fallback: 'true', outcome: 'retry' }, by: 1 },
      { counter: 'deliveries', labels: { channel: 'sms', fallback: 'true', outcome: 'inDoubt' }, by: 1 },
      { counter: 'deliveries', labels: { channel: 'sms', fallback: 'true', outcome: 'unwanted' }, by: 2 },
      { counter: 'providerErrors', labels: { channel: 'sms' }, by: 2 },
    ]);
  });

  it('counts no provider error for our own failure codes', () => {
    const counts = counted([{ state: 'failed', providerId: null, error: 'noPushToken; noApp' }]);
    expect(counts.map((count) => count.counter)).toEqual(['deliveries']);
  });

  it('counts nothing for an empty batch', () => {
    expect(counted([])).toEqual([]);
  });
});

describe('fallbackLagSeconds', () => {
  const job = { timestamp: 1_000_000, delay: 120_000, attemptsMade: 0 };

  it('is how long after its due time the job started', () => {
    expect(fallbackLagSeconds({ ...job, processedOn: 1_123_500 }, 0)).toBe(3.5);
  });

  it('is 0 for a job that started on time or early, and uses now before BullMQ set the start', () => {
    expect(fallbackLagSeconds({ ...job, processedOn: 1_100_000 }, 0)).toBe(0);
    expect(fallbackLagSeconds(job, 1_122_000)).toBe(2);
  });
});

describe('dueSince', () => {
  it('is the time added plus the delay, or the last attempt start of a retried job', () => {
    expect(dueSince({ timestamp: 1_000, delay: 500, processedOn: undefined })).toBe(1_500);
    expect(dueSince({ timestamp: 1_000, delay: 0, processedOn: 9_000 })).toBe(9_000);
  });
});

describe('channelModes', () => {
  it('says sends for a configured provider and records for the outbox', () => {
    expect(channelModes({ sms: 'twilio', voice: 'twilio', push: 'outbox', web: 'webpush', email: 'outbox' })).toEqual({
      push: 'records',
      webPush: 'sends',
      sms: 'sends',
      voice: 'sends',
      email: 'records',
    });
  });
});
