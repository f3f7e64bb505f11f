import { describe, it, expect } from '@jest/globals';
import { QUEUE_NAMES } from '@/lib/queue-names';
import { useApiTestContext } from '../helpers/api-test-context';
import { startWorkerBeside } from '../helpers/test-worker';

const ALL_RECORDED = { push: 'records', webPush: 'records', sms: 'records', voice: 'records', email: 'records' };

describe('GET /api/health/ready', () => {
  const api = useApiTestContext();

  it('answers 503 naming every queue when no worker runs, without a session', async () => {
    const response = await api.call('GET', '/api/health/ready');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      status: 'notReady',
      missing: QUEUE_NAMES.map((queue) => `worker:${queue}`),
      database: 'up',
      redis: 'up',
      workers: { live: 0, queuesWithoutWorker: QUEUE_NAMES },
      channels: ALL_RECORDED,
    });
  });

  it('with workers=optional, answers 200 on the database and Redis alone, still reporting the workers', async () => {
    const response = await api.call('GET', '/api/health/ready?workers=optional');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ready', missing: [], workers: { live: 0 } });
    expect(response.body.workers.queuesWithoutWorker).toEqual(QUEUE_NAMES);
  });

  it('refuses an unknown workers value with 400', async () => {
    const response = await api.call('GET', '/api/health/ready?workers=sometimes');
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(['workers is not valid']);
  });

  it('does not look at the bearer token (a wrong one changes nothing)', async () => {
    const response = await api.call('GET', '/api/health/ready?workers=optional', { token: 'not-a-session' });
    expect(response.status).toBe(200);
  });

  it('counts a worker by its heartbeat: the queues it serves, every queue once a full worker runs, none once it stopped', async () => {
    const partial = await startWorkerBeside(api, { WORKER_QUEUES: 'email,sms' });
    try {
      const response = await api.call('GET', '/api/health/ready');
      expect(response.status).toBe(503);
      const unserved = QUEUE_NAMES.filter((queue) => queue !== 'email' && queue !== 'sms');
      expect(response.body.missing).toEqual(unserved.map((queue) => `worker:${queue}`));
      expect(response.body.workers).toEqual({ live: 1, queuesWithoutWorker: unserved });
    } finally {
      await partial.stop();
    }
    // A worker stopping on purpose is gone at once, not three beats later.
    const afterPartial = await api.call('GET', '/api/health/ready');
    expect(afterPartial.body.workers).toEqual({ live: 0, queuesWithoutWorker: QUEUE_NAMES });
    const full = await startWorkerBeside(api);
    try {
      const response = await api.call('GET', '/api/health/ready');
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        status: 'ready',
        missing: [],
        workers: { live: 1, queuesWithoutWorker: [] },
      });
    } finally {
      await full.stop();
    }
    const afterStop = await api.call('GET', '/api/health/ready');
    expect(afterStop.status).toBe(503);
    expect(afterStop.body.workers).toEqual({ live: 0, queuesWithoutWorker: QUEUE_NAMES });
  }, 90_000);
});

describe('GET /api/health/ready with providers configured', () => {
  const twilio = {
    TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
    TWILIO_AUTH_TOKEN: 'twilio-secret',
    TWILIO_FROM_NUMBER: '+15550001111',
  };
  // Nothing is sent: readiness only reads which driver each channel uses.
  const smtpUrl = 'smtp://mailer:smtp-secret@127.0.0.1:2525';
  const api = useApiTestContext({ ...twilio, SMTP_URL: smtpUrl });

  it('says sms, voice and e-mail send while push still records, and names no setting', async () => {
    const response = await api.call('GET', '/api/health/ready?workers=optional');
    expect(response.status).toBe(200);
    expect(response.body.channels).toEqual({
      push: 'records',
      webPush: 'records',
      sms: 'sends',
      voice: 'sends',
      email: 'sends',
    });
    const text = JSON.stringify(response.body);
    for (const secret of [...Object.values(twilio), smtpUrl, 'smtp-secret', '127.0.0.1'])
      expect(text).not.toContain(secret);
  });
});
