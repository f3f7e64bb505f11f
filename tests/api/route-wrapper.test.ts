import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

// The gates of the route wrapper that no route of the foundation exercises yet (role, plan, feature, params,
// unexpected errors), on real Postgres, with the handler called as Next.js calls it.

let database: TestDatabase;
let routeModule: typeof import('@/lib/http/route');
let createCompany: (typeof import('../helpers/fixtures'))['createCompany'];
let createMember: (typeof import('../helpers/fixtures'))['createMember'];

beforeAll(async () => {
  database = await createTestDatabase();
  // lib/env reads the environment once, when first imported: import everything that uses it only now that
  // DATABASE_URL names this file's database.
  process.env.DATABASE_URL = database.url;
  routeModule = await import('@/lib/http/route');
  ({ createCompany, createMember } = await import('../helpers/fixtures'));
});
afterAll(async () => {
  const { disconnectDb } = await import('@/lib/db');
  await disconnectDb();
  await database.drop();
});

function request(token: string, init: { method?: string; body?: unknown; customerId?: string; query?: string } = {}) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  if (init.customerId) headers.CustomerId = init.customerId;
  return new Request(`http://localhost/api/test${init.query ?? ''}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const params = (value: Record<string, string>) => ({ params: Promise.resolve(value) });

describe('route wrapper gates', () => {
  it('lets an admin, a superAdmin and an owner through an admin route and refuses user, teamadmin and billing with 403', async () => {
    const company = await createCompany(database.db);
    const handler = routeModule.route({ role: 'admin' }, (ctx) => ({ role: ctx.role }));
    for (const role of ['admin', 'superAdmin', 'owner'] as const) {
      const member = await createMember(database.db, company.id, role);
      expect((await handler(request(member.token))).status).toBe(200);
    }
    for (const role of ['user', 'teamadmin', 'billing'] as const) {
      const member = await createMember(database.db, company.id, role);
      const response = await handler(request(member.token));
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ errors: ['You do not have access to this'] });
    }
  });

  it('refuses a superAdmin route to an admin', async () => {
    const company = await createCompany(database.db);
    const admin = await createMember(database.db, company.id, 'admin');
    const handler = routeModule.route({ role: 'superAdmin' }, () => ({ ok: true }));
    expect((await handler(request(admin.token))).status).toBe(403);
  });

  it('gates on the plan and on feature flags with 403', async () => {
    const free = await createCompany(database.db, { plan: 'free' });
    const paying = await createCompany(database.db, { plan: 'enterprise', features: ['scenario'] });
    const positioning = routeModule.route({ plans: ['professional', 'enterprise'] }, () => ({ ok: true }));
    const scenarios = routeModule.route({ feature: 'scenario' }, () => ({ ok: true }));
    const freeAdmin = await createMember(database.db, free.id, 'admin');
    const payingAdmin = await createMember(database.db, paying.id, 'admin');
    expect((await positioning(request(freeAdmin.token))).status).toBe(403);
    expect((await positioning(request(payingAdmin.token))).status).toBe(200);
    expect((await scenarios(request(freeAdmin.token))).status).toBe(403);
    expect((await scenarios(request(payingAdmin.token))).status).toBe(200);
  });

  it('validates params, query and body and merges them into the input', async () => {
    const company = await createCompany(database.db);
    const member = await createMember(database.db, company.id);
    const handler = routeModule.route(
      {
        params: z.object({ id: z.string().uuid() }),
        query: z.object({
          page: z.coerce.number().int().min(1).default(1),
          statuses: z.union([z.string(), z.array(z.string())]).optional(),
        }),
        body: z.object({ title: z.string().min(3) }),
      },
      (_ctx, input) => input,
    );
    const ok = await handler(
      request(member.token, { method: 'POST', body: { title: 'Fire' }, query: '?page=2&statuses=a&statuses=b' }),
      params({ id: company.id }),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ id: company.id, page: 2, statuses: ['a', 'b'], title: 'Fire' });
    const badParam = await handler(
      request(member.token, { method: 'POST', body: { title: 'Fire' } }),
      params({ id: 'nope' }),
    );
    expect(await badParam.json()).toEqual({ errors: ['id is not valid'] });
    const badBody = await handler(
      request(member.token, { method: 'POST', body: { title: 'Fi' } }),
      params({ id: company.id }),
    );
    expect(badBody.status).toBe(400);
    expect(await badBody.json()).toEqual({ errors: ['title must be at least 3 characters'] });
  });

  it('turns an unexpected error into a 500 that reveals nothing internal', async () => {
    const company = await createCompany(database.db);
    const member = await createMember(database.db, company.id);
    const handler = routeModule.route({}, () => {
      throw new Error('connection string postgres://secret@db');
    });
    const response = await handler(request(member.token));
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).not.toContain('secret');
    // The reference the error dialog shows is the request id the server log names.
    expect(body.code).toBe('serverError');
    expect(body.reference).toBe(response.headers.get('X-Request-Id'));
    expect(body.errors[0]).toContain(body.reference);
  });

  it('maps an ApiError to its status and messages', async () => {
    const company = await createCompany(database.db);
    const member = await createMember(database.db, company.id);
    const { ApiError } = await import('@/lib/api-error');
    const handler = routeModule.route({}, () => {
      throw ApiError.conflict('A team with this name already exists');
    });
    const response = await handler(request(member.token));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ errors: ['A team with this name already exists'] });
  });

  it('gives the operation the client address server.ts wrote, and "unknown" without it', async () => {
    const company = await createCompany(database.db);
    const member = await createMember(database.db, company.id);
    const { CLIENT_ADDRESS_HEADER } = await import('@/lib/http-parts/client-address');
    const seen: string[] = [];
    const sessionRoute = routeModule.route({}, (ctx) => seen.push(ctx.clientAddress));
    const publicRoute = routeModule.route({ auth: 'none' }, (ctx) => seen.push(ctx.clientAddress));
    const withAddress = request(member.token);
    withAddress.headers.set(CLIENT_ADDRESS_HEADER, '192.0.2.10');
    await sessionRoute(withAddress);
    await publicRoute(new Request('http://localhost/api/test', { headers: { [CLIENT_ADDRESS_HEADER]: '192.0.2.11' } }));
    await publicRoute(new Request('http://localhost/api/test', { headers: { 'X-Forwarded-For': '192.0.2.12' } }));
    expect(seen).toEqual(['192.0.2.10', '192.0.2.11', 'unknown']);
  });

  it("answers every failure in the format of the route's kind, from the version check on: SCIM's for a directory", async () => {
    const scim = routeModule.route({ auth: 'directory' }, () => ({ ok: true }));
    const scimRequest = (headers: Record<string, string>) =>
      new Request('http://localhost/scim/v2/Users', { headers: { Authorization: 'Bearer not-a-key', ...headers } });
    const badVersion = await scim(scimRequest({ 'X-Api-Version': '3.0' }));
    expect(badVersion.status).toBe(400);
    expect(badVersion.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    expect(await badVersion.json()).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '400',
      scimType: 'invalidValue',
      detail: 'X-Api-Version 3.0 is not supported; use 2.2',
    });
    const unknownKey = await scim(scimRequest({}));
    expect(unknownKey.status).toBe(401);
    expect(unknownKey.headers.get('www-authenticate')).toBe('Bearer');
    expect((await unknownKey.json()).detail).toBe('The directory key is not valid');
    const product = routeModule.route({}, () => ({ ok: true }));
    expect(await (await product(request('not-a-token'))).json()).toEqual({ errors: ['You are not logged in'] });
  });

  it('refuses a body nested deeper than 64 levels with 400, however deep (no stack overflow, no 500)', async () => {
    const company = await createCompany(database.db);
    const member = await createMember(database.db, company.id);
    const handler = routeModule.route({ body: z.object({ value: z.unknown() }) }, (_ctx, input) => input);
    const nested = (depth: number) => `{"value":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
    const post = (text: string) =>
      handler(
        new Request('http://localhost/api/test', {
          method: 'POST',
          headers: { Authorization: `Bearer ${member.token}`, 'Content-Type': 'application/json' },
          body: text,
        }),
      );
    expect((await post(nested(64))).status).toBe(200);
    for (const depth of [65, 100_000]) {
      const response = await post(nested(depth));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ errors: ['The request body is nested too deeply'] });
    }
  });
});
