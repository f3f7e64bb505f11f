import http from 'node:http';
import { describe, it, expect, afterAll, beforeAll } from '@jest/globals';
import { startAppServer, type AppServer } from '@/scripts/lib/app-server';
import { freePort } from '@/scripts/lib/ports';
import { useApiTestContext } from '../helpers/api-test-context';
import { call } from '../helpers/api-client';
import { testEnv } from '../helpers/test-env';

describe('GET /api/health', () => {
  const api = useApiTestContext();

  it('answers 200 { status: ok } and nothing else, without a session', async () => {
    const response = await api.call('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
    expect(response.headers.get('x-api-version')).toBe('2.2');
  });

  it('does not look at the bearer token (a wrong one changes nothing)', async () => {
    const response = await api.call('GET', '/api/health', { token: 'not-a-session' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('rejects an unsupported API major version with 400', async () => {
    const response = await api.call('GET', '/api/health', { headers: { 'X-Api-Version': '3.0' } });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(['X-Api-Version 3.0 is not supported; use 2.2']);
  });

  it('keeps an idle connection open for 65 s, longer than proxies and fetch keep theirs', async () => {
    // With Node's 5 s, a client reusing the connection as the server closed it got a reset instead of an answer.
    const keepAlive = await new Promise<string | string[] | undefined>((resolve, reject) => {
      http
        .get(`${api.url}/api/health`, { headers: { Connection: 'keep-alive', 'X-Api-Version': '2.2' } }, (response) => {
          response.resume();
          resolve(response.headers['keep-alive']);
        })
        .on('error', reject);
    });
    expect(keepAlive).toBe('timeout=65');
  });
});

describe('GET /api/health with the database unreachable', () => {
  let server: AppServer | undefined;
  beforeAll(async () => {
    // Nothing listens on this port: every database query fails.
    const nowhere = `postgresql://tocsin:tocsin@127.0.0.1:${await freePort()}/tocsin`;
    server = await startAppServer({
      databaseUrl: nowhere,
      redisUrl: testEnv('TEST_REDIS_URL'),
      readyPath: '/api/health',
    });
  }, 90_000);
  afterAll(async () => server?.stop());

  it('still answers 200: liveness asks nothing of the database', async () => {
    const response = await call(server?.url ?? '', 'GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('while readiness answers 503 naming the database', async () => {
    const response = await call(server?.url ?? '', 'GET', '/api/health/ready?workers=optional');
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ status: 'notReady', missing: ['database'], database: 'down', redis: 'up' });
  });
});
