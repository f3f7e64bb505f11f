import { describe, it, expect, beforeAll } from '@jest/globals';
import fc from 'fast-check';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { useApiTestContext } from '../helpers/api-test-context';
import { createAccount } from '../helpers/accounts';
import { createCompany, createMember } from '../helpers/fixtures';
import { printFigures } from '../helpers/figures';
import { createScimCompany, PATCH_OP, SCIM_ERROR, SCIM_JSON, scimCall } from '../helpers/scim';

// R4 and R5 over SCIM (docs/reliability.md, issue 32): company A's directory key sends bodies drawn by fast-check —
// users and groups with odd, long, wrong-typed or missing values, PATCH operations on any path in both of Entra's
// dialects, the e-mails, numbers and ids of company B's people in every state — to every SCIM route that writes. Every
// answer is below 500 and SCIM JSON (an error has the SCIM error body), and nothing of B's people, teams or
// memberships changes. Runs come from a fixed seed (printed); a failure prints its seed and path for fc.check.

const SEED = 32_2026;
const RUNS_PER_ROUTE = 30;
const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';

const ODD_TEXTS = ['', ' ', '\u0000', '\ud800', '\u202eevil\u202c', '😀'.repeat(60), 'x'.repeat(300), 'n/a', 'Li'];

describe('SCIM bodies from another company’s key, fuzzed', () => {
  const api = useApiTestContext();
  let a: Awaited<ReturnType<typeof createScimCompany>>;
  let b: Awaited<ReturnType<typeof createScimCompany>>;
  const people: { id: string; email: string; phone: string | null }[] = [];
  let teamOfB: string;
  let ownUserOfA: string;
  let ownGroupOfA: string;

  beforeAll(async () => {
    a = await createScimCompany(api);
    b = await createScimCompany(api);
    const active = await createAccount(api.db, { companyId: b.company.id });
    const removed = await createAccount(api.db, { companyId: b.company.id });
    await api.db.membership.updateMany({ where: { userId: removed.id }, data: { deletedAt: new Date() } });
    const elsewhere = await createMember(api.db, (await createCompany(api.db)).id);
    const invited = await scimCall(api, b.key, 'POST', '/Users', {
      schemas: [USER_SCHEMA],
      userName: elsewhere.user.email,
    });
    const directoryOwn = await scimCall(api, b.key, 'POST', '/Users', {
      schemas: [USER_SCHEMA],
      userName: `b-own-${Date.now()}@example.test`,
      phoneNumbers: [{ type: 'mobile', value: '+4791919191' }],
    });
    const off = await scimCall(api, b.key, 'POST', '/Users', {
      schemas: [USER_SCHEMA],
      userName: `b-off-${Date.now()}@example.test`,
      active: false,
    });
    for (const id of [active.id, removed.id, invited.body.id, directoryOwn.body.id, off.body.id]) {
      const user = await api.db.user.findUniqueOrThrow({ where: { id } });
      people.push({ id, email: user.email, phone: user.phone });
    }
    teamOfB = (
      await scimCall(api, b.key, 'POST', '/Groups', { displayName: 'B night', members: [{ value: active.id }] })
    ).body.id;
    ownUserOfA = (
      await scimCall(api, a.key, 'POST', '/Users', { schemas: [USER_SCHEMA], userName: 'a-own@example.test' })
    ).body.id;
    ownGroupOfA = (await scimCall(api, a.key, 'POST', '/Groups', { displayName: 'A day' })).body.id;
  });

  /** B's people, memberships and teams as B sees them. */
  async function stateOfB(db: PrismaClient) {
    const ids = people.map((person) => person.id);
    return {
      users: await db.user.findMany({
        where: { id: { in: ids } },
        select: { id: true, email: true, name: true, phone: true, passwordHash: true, directoryCompanyId: true },
        orderBy: { id: 'asc' },
      }),
      memberships: await db.membership.findMany({ where: { companyId: b.company.id }, orderBy: { id: 'asc' } }),
      teams: await db.team.findMany({
        where: { companyId: b.company.id },
        include: { members: true },
        orderBy: { id: 'asc' },
      }),
      devices: await db.device.count({ where: { userId: { in: ids } } }),
    };
  }

  /** The requests to draw, by route (built once the people and ids exist). */
  function drawnRoutes() {
    const text = fc.oneof(
      fc.constantFrom(...ODD_TEXTS),
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
    );
    const anything = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 3 }));
    const ofB = () => fc.constantFrom(...people);
    // Mostly usable values, so that most requests get past validation to where another company's people could be hit.
    const usually = <T, U>(usable: fc.Arbitrary<T>, odd: fc.Arbitrary<U>) =>
      fc.oneof({ arbitrary: usable, weight: 4 }, { arbitrary: odd, weight: 1 });
    const email = usually(
      fc.oneof(
        ofB().map((person) => person.email),
        ofB().map((person) => person.email.toUpperCase()),
      ),
      fc.oneof(text, fc.constant('someone@example.test')),
    );
    const phone = fc.oneof(
      ofB().map((person) => person.phone ?? 'n/a'),
      fc.constantFrom('312-320-1707', '+4791234567'),
      text,
    );
    const plain = fc.stringMatching(/^[A-Za-z][A-Za-z .'-]{0,29}$/);
    const userBody = fc.record(
      {
        schemas: fc.constant([USER_SCHEMA]),
        userName: usually(email, anything),
        externalId: usually(fc.string({ maxLength: 20 }), anything),
        displayName: usually(plain, anything),
        active: usually(fc.boolean(), fc.constantFrom('True', 'False', 'maybe')),
        name: usually(
          fc.record({ formatted: plain, givenName: plain, familyName: plain }, { requiredKeys: [] }),
          anything,
        ),
        emails: usually(
          fc.array(fc.record({ type: fc.constantFrom('work', 'home'), value: email }), { maxLength: 2 }),
          anything,
        ),
        phoneNumbers: usually(
          fc.array(fc.record({ type: fc.constantFrom('mobile', 'work'), value: phone }), { maxLength: 2 }),
          anything,
        ),
      },
      { requiredKeys: ['schemas', 'userName'] },
    );
    const memberIds = fc.array(
      fc.record({
        value: fc.oneof(
          ofB().map((person) => person.id),
          fc.constant(ownUserOfA),
          text,
        ),
      }),
      { maxLength: 3 },
    );
    const groupBody = fc.record(
      {
        schemas: fc.constant(['urn:ietf:params:scim:schemas:core:2.0:Group']),
        displayName: fc.oneof(text, anything),
        members: fc.oneof(memberIds, anything),
      },
      { requiredKeys: [] },
    );
    const patchPath = fc.constantFrom(
      'userName',
      'active',
      'name.givenName',
      'name.formatted',
      'displayName',
      'emails[type eq "work"].value',
      'phoneNumbers[type eq "mobile"].value',
      'members',
      'members[value eq "x"]',
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department',
      '[[',
    );
    const patchBody = fc.record({
      schemas: fc.constant([PATCH_OP]),
      Operations: fc.oneof(
        fc.array(
          fc.record(
            {
              op: fc.constantFrom('add', 'Replace', 'remove', 'copy'),
              path: patchPath,
              value: fc.oneof(email, phone, anything, memberIds, userBody),
            },
            { requiredKeys: ['op'] },
          ),
          { maxLength: 3 },
        ),
        anything,
      ),
    });
    const target = () =>
      fc.oneof(
        ofB().map((person) => person.id),
        fc.constant(ownUserOfA),
        fc.constant(teamOfB),
        fc.constant(ownGroupOfA),
        text,
      );

    // Valid users that name B's people by e-mail (any case) and number: the requests that reached B before issue 32.
    const namingB = fc.record({
      schemas: fc.constant([USER_SCHEMA]),
      userName: email,
      active: fc.boolean(),
      displayName: plain,
      name: fc.record({ formatted: plain, givenName: plain, familyName: plain }, { requiredKeys: [] }),
      emails: fc.array(fc.record({ type: fc.constant('work'), value: email }), { maxLength: 1 }),
      phoneNumbers: fc.array(fc.record({ type: fc.constant('mobile'), value: phone }), { maxLength: 1 }),
    });
    const valueOfB = fc.oneof(email, phone, fc.boolean(), plain);
    const patchOfB = fc.record({
      schemas: fc.constant([PATCH_OP]),
      Operations: fc.array(fc.record({ op: fc.constantFrom('add', 'Replace'), path: patchPath, value: valueOfB }), {
        minLength: 1,
        maxLength: 3,
      }),
    });
    const routes: { name: string; request: fc.Arbitrary<{ method: string; path: string; body: unknown }> }[] = [
      { name: 'POST /Users', request: userBody.map((body) => ({ method: 'POST', path: '/Users', body })) },
      {
        name: 'POST /Users naming B’s people',
        request: namingB.map((body) => ({ method: 'POST', path: '/Users', body })),
      },
      {
        name: 'PATCH /Users/{id} with B’s values',
        request: fc
          .tuple(
            fc.oneof(
              fc.constant(ownUserOfA),
              ofB().map((person) => person.id),
            ),
            patchOfB,
          )
          .map(([id, body]) => ({ method: 'PATCH', path: `/Users/${id}`, body })),
      },
      {
        name: 'PUT /Users/{id}',
        request: fc
          .tuple(target(), userBody)
          .map(([id, body]) => ({ method: 'PUT', path: `/Users/${encodeURIComponent(id)}`, body })),
      },
      {
        name: 'PATCH /Users/{id}',
        request: fc
          .tuple(target(), patchBody)
          .map(([id, body]) => ({ method: 'PATCH', path: `/Users/${encodeURIComponent(id)}`, body })),
      },
      {
        name: 'DELETE /Users/{id}',
        request: target().map((id) => ({
          method: 'DELETE',
          path: `/Users/${encodeURIComponent(id)}`,
          body: undefined,
        })),
      },
      { name: 'POST /Groups', request: groupBody.map((body) => ({ method: 'POST', path: '/Groups', body })) },
      {
        name: 'PUT /Groups/{id}',
        request: fc
          .tuple(target(), groupBody)
          .map(([id, body]) => ({ method: 'PUT', path: `/Groups/${encodeURIComponent(id)}`, body })),
      },
      {
        name: 'PATCH /Groups/{id}',
        request: fc
          .tuple(target(), patchBody)
          .map(([id, body]) => ({ method: 'PATCH', path: `/Groups/${encodeURIComponent(id)}`, body })),
      },
      {
        name: 'GET /Users?filter',
        request: fc
          .oneof(
            ofB().map((person) => person.email),
            plain,
          )
          .map((value) => ({
            method: 'GET',
            path: `/Users?filter=${encodeURIComponent(`emails.value eq "${value}" or userName eq "${value}"`)}`,
            body: undefined,
          })),
      },
    ];
    return routes;
  }

  it('answers every drawn request below 500 in SCIM JSON, and changes nothing of B', async () => {
    const routes = drawnRoutes();
    const before = await stateOfB(api.db);
    let tried = 0;
    let held = 0;
    for (const [index, route] of routes.entries()) {
      const seed = SEED + index;
      const statuses = new Map<number, number>();
      const result = await fc.check(
        fc.asyncProperty(route.request, async ({ method, path, body }) => {
          const answer = await scimCall(api, a.key, method, path, body);
          tried += 1;
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status >= 500) return false;
          if (answer.status === 204) return true;
          if (!answer.headers.get('content-type')?.includes(SCIM_JSON)) return false;
          if (answer.status >= 400) return answer.body?.schemas?.[0] === SCIM_ERROR;
          return true;
        }),
        { numRuns: RUNS_PER_ROUTE, seed },
      );
      if (result.failed) {
        throw new Error(
          `${route.name}: seed ${seed}, path ${result.counterexamplePath}: ${JSON.stringify(result.counterexample)}`,
        );
      }
      held += result.numRuns;
      process.stdout.write(
        `${route.name}: ${[...statuses].map(([status, count]) => `${status}×${count}`).join(' ')}\n`,
      );
    }
    const after = await stateOfB(api.db);
    const unchanged = JSON.stringify(after) === JSON.stringify(before);
    printFigures('R5s', 'SCIM fuzzing from another company’s key', {
      tried,
      held: unchanged ? held : 0,
      failed: unchanged ? 0 : 1,
    });
    expect(after).toEqual(before);
  }, 180_000);
});
