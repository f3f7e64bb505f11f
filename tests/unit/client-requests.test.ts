import { describe, it, expect } from '@jest/globals';
import { API_VERSION, CUSTOMER_ID_KEY, requestHeaders, TOKEN_KEY } from '@/lib/http/client';
import { clientWith, json } from './client-fake';

describe('API client requests (spec §7)', () => {
  it('builds the version, JSON, bearer and CustomerId headers', () => {
    expect(requestHeaders({ token: 'tok', customerId: 'c-1' })).toEqual({
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-Api-Version': API_VERSION,
      Authorization: 'Bearer tok',
      CustomerId: 'c-1',
    });
    expect(API_VERSION).toBe('2.2');
  });

  it('leaves out the bearer and CustomerId when there is none, or when the call is anonymous', () => {
    expect(requestHeaders({ token: null, customerId: null })).not.toHaveProperty('Authorization');
    const anonymous = requestHeaders({ token: 'tok', customerId: 'c-1', anonymous: true });
    expect(anonymous).not.toHaveProperty('Authorization');
    expect(anonymous).not.toHaveProperty('CustomerId');
    expect(anonymous['X-Api-Version']).toBe('2.2');
  });

  it('sends the stored token and company with the method and the JSON body', async () => {
    const { api, requests } = clientWith(() => json({ name: 'Kari' }), {
      [TOKEN_KEY]: 'tok',
      [CUSTOMER_ID_KEY]: 'c-1',
    });
    await expect(api.put('/api/me/name', { name: 'Kari' })).resolves.toEqual({ name: 'Kari' });
    expect(requests).toEqual([
      {
        url: '/api/me/name',
        method: 'PUT',
        headers: expect.objectContaining({ Authorization: 'Bearer tok', CustomerId: 'c-1', 'X-Api-Version': '2.2' }),
        body: '{"name":"Kari"}',
      },
    ]);
  });

  it('takes any 2xx as success, an empty 2xx body as undefined', async () => {
    const { api } = clientWith((request) =>
      request.method === 'DELETE' ? new Response(null, { status: 204 }) : json({ id: 'x' }, 201),
    );
    await expect(api.post('/api/customer', { name: 'Acme' })).resolves.toEqual({ id: 'x' });
    await expect(api.delete('/api/me/profilePhoto')).resolves.toBeUndefined();
  });

  it('swaps in a renewed token from X-Session-Token', async () => {
    const { api, session } = clientWith(() => json({}, 200, { 'X-Session-Token': 'renewed' }), { [TOKEN_KEY]: 'old' });
    await api.get('/api/me');
    expect(session.token()).toBe('renewed');
  });

  it('does not bring back a session that ended while the call ran', async () => {
    const { api, session } = clientWith(() => json({}, 200, { 'X-Session-Token': 'renewed' }));
    await api.get('/api/me');
    expect(session.token()).toBeNull();
  });

  it('returns a download as a blob with the file name of Content-Disposition', async () => {
    const { api } = clientWith(
      () =>
        new Response('{"a":1}', {
          headers: { 'Content-Disposition': 'attachment; filename="tocsin-my-data-2026-01-02.json"' },
        }),
    );
    const { blob, fileName } = await api.download('/api/me/data');
    expect(fileName).toBe('tocsin-my-data-2026-01-02.json');
    await expect(blob.text()).resolves.toBe('{"a":1}');
  });
});
