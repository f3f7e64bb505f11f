import { describe, it, expect } from '@jest/globals';
import { createHash, randomUUID } from 'node:crypto';
import type { Feature } from '@/lib/generated/prisma/enums';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// The Flic buttons of a company: GET /api/iotDevices, GET /api/iotDevices/code, GET/PUT/DELETE /api/iotDevices/{id}.
describe('/api/iotDevices', () => {
  const api = useApiTestContext();

  async function arrange(features: Feature[] = ['scenario', 'flicHub']) {
    const company = await createCompany(api.db, { features });
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    const member = await createMember(api.db, company.id, 'user', 'Mia Member');
    const scenario = (name: string) =>
      api.db.scenario.create({
        data: {
          companyId: company.id,
          name,
          alertType: 'alarm',
          title: name,
          body: `${name}: leave the building`,
          channels: ['push'],
          target: { company: true },
        },
      });
    return { company, admin, member, fire: await scenario('Fire'), flood: await scenario('Flood') };
  }

  type Admin = Awaited<ReturnType<typeof arrange>>['admin'];
  const pairingCode = async (admin: Admin) => {
    const issued = await api.call('GET', '/api/iotDevices/code', { token: admin.token });
    expect(issued.status).toBe(200);
    expect(issued.body.eventsUrl === null || issued.body.eventsUrl.endsWith('/api/iot/events')).toBe(true);
    // The test server's PUBLIC_URL is http://127.0.0.1:<port>: no hub can reach it, and the pairing dialog says so.
    expect(issued.body.publicUrlProblem).toBe('loopback');
    return issued.body as { code: string; codePrefix: string };
  };

  it('pairs a button with a code made by the server, stores only its hash, and never shows the code again', async () => {
    const { admin, fire } = await arrange();
    const { code, codePrefix } = await pairingCode(admin);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(code, 'base64url')).toHaveLength(32);
    expect(code.startsWith(codePrefix)).toBe(true);

    const id = randomUUID();
    const created = await api.call('PUT', `/api/iotDevices/${id}`, {
      token: admin.token,
      body: { name: 'Reception button', code, clickScenarioId: fire.id },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id,
      name: 'Reception button',
      codePrefix,
      clickScenario: { id: fire.id, name: 'Fire' },
      holdScenario: null,
      doubleClickScenario: null,
      lastEventAt: null,
      createdAt: expect.any(String),
      presses: [],
    });
    const stored = await api.db.iotDevice.findUniqueOrThrow({ where: { id } });
    expect(stored.codeHash).toBe(createHash('sha256').update(code).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(code);

    const listed = await api.call('GET', '/api/iotDevices', { token: admin.token });
    const read = await api.call('GET', `/api/iotDevices/${id}`, { token: admin.token });
    expect(listed.body.items).toEqual([created.body]);
    expect(read.body).toEqual(created.body);
    for (const answer of [created, listed, read]) expect(JSON.stringify(answer.body)).not.toContain(code);

    // A pairing code is taken once.
    const again = await api.call('PUT', `/api/iotDevices/${randomUUID()}`, {
      token: admin.token,
      body: { name: 'Copy', code },
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('iotCodeNotIssued');
  });

  it('changes the name and the action → scenario mapping, regenerates the code and deletes the button', async () => {
    const { admin, fire, flood } = await arrange();
    const id = randomUUID();
    const first = await pairingCode(admin);
    await api.call('PUT', `/api/iotDevices/${id}`, { token: admin.token, body: { name: 'Door', code: first.code } });

    const changed = await api.call('PUT', `/api/iotDevices/${id}`, {
      token: admin.token,
      body: { name: 'Back door', holdScenarioId: flood.id, doubleClickScenarioId: fire.id },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      name: 'Back door',
      codePrefix: first.codePrefix,
      clickScenario: null,
      holdScenario: { id: flood.id, name: 'Flood' },
      doubleClickScenario: { id: fire.id, name: 'Fire' },
    });

    const second = await pairingCode(admin);
    const regenerated = await api.call('PUT', `/api/iotDevices/${id}`, {
      token: admin.token,
      body: { name: 'Back door', code: second.code, holdScenarioId: flood.id },
    });
    expect(regenerated.body.codePrefix).toBe(second.codePrefix);
    const stored = await api.db.iotDevice.findUniqueOrThrow({ where: { id } });
    expect(stored.codeHash).toBe(createHash('sha256').update(second.code).digest('hex'));

    expect((await api.call('DELETE', `/api/iotDevices/${id}`, { token: admin.token })).status).toBe(200);
    expect((await api.call('GET', `/api/iotDevices/${id}`, { token: admin.token })).status).toBe(404);
    expect((await api.call('DELETE', `/api/iotDevices/${id}`, { token: admin.token })).status).toBe(404);
  });

  it('validates: a name, a code for a new button, uuids for scenarios', async () => {
    const { admin } = await arrange();
    const id = randomUUID();
    const noCode = await api.call('PUT', `/api/iotDevices/${id}`, { token: admin.token, body: { name: 'Door' } });
    expect(noCode.status).toBe(400);
    expect(noCode.body.code).toBe('iotCodeRequired');
    const { code } = await pairingCode(admin);
    for (const body of [
      { code },
      { name: '', code },
      { name: 'x'.repeat(101), code },
      { name: 'Door', code, clickScenarioId: 'fire' },
    ]) {
      expect((await api.call('PUT', `/api/iotDevices/${id}`, { token: admin.token, body })).status).toBe(400);
    }
    const made = await api.call('PUT', `/api/iotDevices/${id}`, {
      token: admin.token,
      body: { name: 'Door', code: 'a-code-the-client-chose-itself-and-is-weak' },
    });
    expect(made.status).toBe(400);
    expect(made.body.code).toBe('iotCodeNotIssued');
    expect((await api.call('GET', '/api/iotDevices/not-a-uuid', { token: admin.token })).status).toBe(400);
    expect(await api.db.iotDevice.count({ where: { id } })).toBe(0);
  });

  it("answers 404 for another company's button or scenario, and leaves them alone", async () => {
    const own = await arrange();
    const other = await arrange();
    const otherId = randomUUID();
    const otherCode = await pairingCode(other.admin);
    await api.call('PUT', `/api/iotDevices/${otherId}`, {
      token: other.admin.token,
      body: { name: 'Theirs', code: otherCode.code },
    });
    for (const method of ['GET', 'DELETE'])
      expect((await api.call(method, `/api/iotDevices/${otherId}`, { token: own.admin.token })).status).toBe(404);
    const { code } = await pairingCode(own.admin);
    const taken = await api.call('PUT', `/api/iotDevices/${otherId}`, {
      token: own.admin.token,
      body: { name: 'Mine now', code },
    });
    expect(taken.status).toBe(404);
    expect((await api.db.iotDevice.findUniqueOrThrow({ where: { id: otherId } })).name).toBe('Theirs');

    const foreignScenario = await api.call('PUT', `/api/iotDevices/${randomUUID()}`, {
      token: own.admin.token,
      body: { name: 'Door', code, clickScenarioId: other.fire.id },
    });
    expect(foreignScenario.status).toBe(404);
    // A code handed out to another company is not this company's.
    const theirCode = await pairingCode(other.admin);
    const borrowed = await api.call('PUT', `/api/iotDevices/${randomUUID()}`, {
      token: own.admin.token,
      body: { name: 'Door', code: theirCode.code },
    });
    expect(borrowed.status).toBe(400);
    expect((await api.call('GET', '/api/iotDevices', { token: own.admin.token })).body.items).toEqual([]);
  });

  it('is for admins of companies with the scenario and flicHub features: 403 otherwise, 401 without a session', async () => {
    const { admin, member } = await arrange();
    const id = randomUUID();
    const calls: [string, string][] = [
      ['GET', '/api/iotDevices'],
      ['GET', '/api/iotDevices/code'],
      ['GET', `/api/iotDevices/${id}`],
      ['PUT', `/api/iotDevices/${id}`],
      ['DELETE', `/api/iotDevices/${id}`],
    ];
    const withBody = (method: string) => (method === 'PUT' ? { body: { name: 'Door' } } : {});
    for (const [method, path] of calls) {
      expect((await api.call(method, path, { token: member.token, ...withBody(method) })).status).toBe(403);
      expect((await api.call(method, path, withBody(method))).status).toBe(401);
    }
    expect((await api.call('GET', '/api/iotDevices', { token: admin.token })).status).toBe(200);
    for (const features of [['scenario'], ['flicHub'], []] as Feature[][]) {
      const gated = await arrange(features);
      for (const [method, path] of calls)
        expect((await api.call(method, path, { token: gated.admin.token, ...withBody(method) })).status).toBe(403);
    }
  });
});
