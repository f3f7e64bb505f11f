import http from 'node:http';
import { describe, it, expect } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';

describe('GET /api/health', () => {
  const api = useApiTestContext();

  it('answers 200 with the database and Redis up, without a session', async () => {
    const response = await api.call('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up', redis: 'up' });
    expect(response.headers.get('x-api-version')).toBe('2.2');
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
