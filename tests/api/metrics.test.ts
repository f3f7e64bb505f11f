import { randomBytes, randomUUID } from 'node:crypto';
import { describe, it, expect } from '@jest/globals';
import { sendCompanyAlert, settledReceipts, startDeliveryWorker } from '../helpers/alert-delivery';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';
import { useDeliveryQueue } from '../helpers/queued-jobs';

/** The value of one sample line of the Prometheus text, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /api/metrics without METRICS_TOKEN (as npm start runs)', () => {
  const api = useApiTestContext();

  it('answers 404 as an unknown API address does, with or without a token', async () => {
    const unknown = await api.call('GET', '/api/no-such-address');
    for (const token of [undefined, 'anything']) {
      const response = await api.call('GET', '/api/metrics', { token });
      expect(response.status).toBe(404);
      expect(response.body).toEqual(unknown.body);
    }
  });
});

describe('GET /api/metrics with METRICS_TOKEN', () => {
  const token = randomBytes(24).toString('hex');
  const api = useApiTestContext({ METRICS_TOKEN: token });
  const queues = useDeliveryQueue(api);

  it('answers 401 without a token', async () => {
    const response = await api.call('GET', '/api/metrics');
    expect(response.status).toBe(401);
    expect(response.body.errors).toEqual(['The metrics token is missing or wrong']);
  });

  it.each([
    ['another token', 'x'.repeat(48)],
    ['the token with a character more', `${token}0`],
    ['a prefix of the token', token.slice(0, 10)],
  ])('answers 401 to %s', async (_case, wrong) => {
    const response = await api.call('GET', '/api/metrics', { token: wrong });
    expect(response.status).toBe(401);
  });

  it('answers the Prometheus text with every metric, and a queue depth that follows the jobs added', async () => {
    const before = await api.call<string>('GET', '/api/metrics', { token });
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const waitingSeries = 'tocsin_queue_jobs{queue="delivery",state="waiting"}';
    const delayedSeries = 'tocsin_queue_jobs{queue="delivery",state="delayed"}';
    expect(sample(before.body, waitingSeries)).toBe(0);

    await queues.delivery.add('dispatch-alert', { alertId: randomUUID() });
    await queues.delivery.add('fallback-sms', { alertId: randomUUID() }, { delay: 600_000 });
    const after = await api.call<string>('GET', '/api/metrics', { token });
    expect(sample(after.body, waitingSeries)).toBe(1);
    expect(sample(after.body, delayedSeries)).toBe(1);
    expect(sample(after.body, 'tocsin_queue_oldest_waiting_seconds{queue="delivery"}')).toBeGreaterThanOrEqual(0);
    expect(sample(after.body, 'tocsin_queue_overdue_delayed_seconds{queue="delivery"}')).toBe(0);
    expect(sample(after.body, 'tocsin_queue_live_workers{queue="delivery"}')).toBe(0);
    for (const name of [
      'tocsin_deliveries_total',
      'tocsin_provider_errors_total',
      'tocsin_provider_rate_limited_total',
      'tocsin_fallback_sms_lag_seconds_total',
      'tocsin_fallback_sms_started_total',
      'tocsin_http_request_duration_seconds',
      'tocsin_process_resident_memory_bytes',
    ])
      expect(after.body).toContain(`# TYPE ${name} `);
  });

  it('times API requests by route pattern and method, never by the raw path', async () => {
    const alertId = randomUUID();
    expect((await api.call('GET', `/api/alerts/${alertId}`)).status).toBe(401);
    const response = await api.call<string>('GET', '/api/metrics', { token });
    expect(
      sample(
        response.body,
        'tocsin_http_request_duration_seconds_count{route="/api/alerts/[id]",method="GET",status="401"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(response.body).not.toContain(alertId);
  });

  it('counts what a real delivery did: each SMS the outbox kept as recorded, each push that found no app as failed', async () => {
    const company = await createCompany(api.db, { plan: 'professional' });
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    await createMember(api.db, company.id, 'user', 'Anna Berg');
    const deliveries = (channel: string, outcome: string) =>
      `tocsin_deliveries_total{channel="${channel}",fallback="false",outcome="${outcome}"}`;
    const counted = async () => {
      const { body } = await api.call<string>('GET', '/api/metrics', { token });
      return {
        smsRecorded: sample(body, deliveries('sms', 'recorded')) ?? 0,
        smsSent: sample(body, deliveries('sms', 'sent')) ?? 0,
        pushFailed: sample(body, deliveries('push', 'failed')) ?? 0,
        providerErrors: sample(body, 'tocsin_provider_errors_total{channel="push"}') ?? 0,
      };
    };
    const worker = await startDeliveryWorker(api);
    try {
      const before = await counted();
      const alertId = await sendCompanyAlert(api, admin, company.id, {
        title: 'Fire drill',
        message: 'Meet at the assembly point',
        channels: ['push', 'sms'],
      });
      await settledReceipts(api.db, alertId);
      const after = await counted();
      // No provider here: the two SMS are recorded, not sent; nobody has the app, which is our finding, not a provider's.
      expect({
        smsRecorded: after.smsRecorded - before.smsRecorded,
        smsSent: after.smsSent - before.smsSent,
        pushFailed: after.pushFailed - before.pushFailed,
        providerErrors: after.providerErrors - before.providerErrors,
      }).toEqual({ smsRecorded: 2, smsSent: 0, pushFailed: 2, providerErrors: 0 });
    } finally {
      await worker.stop();
    }
  }, 60_000);
});
