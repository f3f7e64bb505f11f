import { describe, it, expect } from '@jest/globals';
import path from 'node:path';
import { OTHER_METHOD, otherMethods, ROUTE_METHODS } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { loadRouteModules } from '@/lib/openapi/load-route-modules';

// Next.js answers a method that a route file does not export with a bodiless 405 and no Allow header: every route
// file answers every method itself, the ones it lacks through otherMethods (lib/http/other-methods.ts).

const root = path.resolve(__dirname, '../..');
const hasOwn = (handler: unknown) => typeof handler === 'function' && !(OTHER_METHOD in handler);

describe('the methods of every route file', () => {
  it('exports every method: its own, and the others with OPTIONS from otherMethods, which knows its own', async () => {
    const modules = [...(await loadRouteModules(root)), ...(await loadRouteModules(root, 'scim'))];
    expect(modules.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const { file, exports } of modules) {
      const own = ROUTE_METHODS.filter((method) => hasOwn(exports[method]));
      if (own.length === 0) wrong.push(`${file}: no method of its own`);
      if (own.length === ROUTE_METHODS.length) continue;
      for (const method of [...ROUTE_METHODS.filter((one) => !own.includes(one)), 'OPTIONS']) {
        const handler = exports[method] as { [OTHER_METHOD]?: string[] } | undefined;
        if (!handler || !(OTHER_METHOD in handler)) wrong.push(`${file}: ${method} is not from otherMethods`);
        else if (handler[OTHER_METHOD]!.join() !== own.join()) {
          wrong.push(`${file}: ${method} allows ${handler[OTHER_METHOD]!.join()} but the file has ${own.join()}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});

describe('otherMethods', () => {
  const post = (method: string) =>
    new Request('http://localhost/api/test', { method, body: method === 'HEAD' ? undefined : '{}' });

  it('answers a method the route lacks with 405, Allow and the product error body, before any authentication', async () => {
    const GET = route({}, () => ({ ok: true }));
    const POST = route({}, () => ({ ok: true }));
    const { PUT, DELETE, OPTIONS } = otherMethods({ GET, POST });
    const refused = await PUT(post('PUT'));
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('GET, HEAD, OPTIONS, POST');
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(refused.headers.get('x-api-version')).toBe('2.2');
    expect(await refused.json()).toEqual({ errors: ['This address does not accept PUT'] });
    expect(await (await DELETE(post('DELETE'))).json()).toEqual({ errors: ['This address does not accept DELETE'] });
    const options = await OPTIONS(new Request('http://localhost/api/test', { method: 'OPTIONS' }));
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS, POST');
  });

  it('answers in the failure format of the route kind: a SCIM error body for a directory route', async () => {
    const GET = route({ auth: 'directory' }, () => ({ ok: true }));
    const { POST } = otherMethods({ GET });
    const refused = await POST(post('POST'));
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(refused.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    expect(await refused.json()).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '405',
      detail: 'This address does not accept POST',
    });
  });

  it('lists HEAD only with GET', async () => {
    const { GET, OPTIONS } = otherMethods({ POST: route({ auth: 'none' }, () => ({})) });
    expect((await GET(post('HEAD'))).headers.get('allow')).toBe('OPTIONS, POST');
    expect((await OPTIONS(post('OPTIONS'))).headers.get('allow')).toBe('OPTIONS, POST');
  });
});
