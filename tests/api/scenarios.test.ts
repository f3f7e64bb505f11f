import { describe, it, expect } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

describe('scenarios: /api/scenarios/customer', () => {
  const api = useApiTestContext();

  async function arrange() {
    const company = await createCompany(api.db, { features: ['scenario'] });
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    const member = await createMember(api.db, company.id, 'user', 'Mia Member');
    const team = await api.db.team.create({
      data: { companyId: company.id, name: 'Night shift', members: { create: [{ userId: member.user.id }] } },
    });
    return { company, admin, member, team };
  }

  const fireDrill = (target: object = { company: true }) => ({
    name: 'Fire drill',
    description: 'The yearly drill',
    alertType: 1,
    alertData: { title: 'Fire drill', body: 'Leave the building by the nearest exit.', target },
    channels: ['push', 'sms'],
  });

  it('creates, lists, reads, changes and orders scenarios', async () => {
    const { admin, member, team } = await arrange();
    const created = await api.call('POST', '/api/scenarios/customer', { token: admin.token, body: fireDrill() });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Fire drill',
      description: 'The yearly drill',
      alertType: 1,
      alertData: {
        title: 'Fire drill',
        body: 'Leave the building by the nearest exit.',
        target: { company: true, teams: [], users: [], devices: [], locations: [], adHocLocation: null },
        responseOptions: [],
      },
      channels: ['push', 'sms'],
      includePosition: false,
      hasValidTarget: true,
      sortIndex: 0,
      folderId: null,
      attachments: [],
    });
    const second = await api.call('POST', '/api/scenarios/customer', {
      token: admin.token,
      body: { ...fireDrill({ teams: [team.id] }), name: 'Night call', alertType: 2 },
    });
    expect(second.body).toMatchObject({ sortIndex: 1, alertType: 2 });

    const listed = await api.call('GET', '/api/scenarios/customer', { token: member.token });
    expect(listed.body.items.map((s: { name: string }) => s.name)).toEqual(['Fire drill', 'Night call']);
    const one = await api.call('GET', `/api/scenarios/customer/${second.body.id}`, { token: member.token });
    expect(one.body).toMatchObject({
      name: 'Night call',
      targetDetail: { company: false, teams: [{ id: team.id, name: 'Night shift' }], users: [] },
      attachmentKeys: [],
    });

    const changed = await api.call('PUT', `/api/scenarios/customer/${created.body.id}`, {
      token: admin.token,
      body: { ...fireDrill(), name: 'Fire drill 2026' },
    });
    expect(changed.body.name).toBe('Fire drill 2026');
    const sorted = await api.call('PUT', '/api/scenarios/customer/sortorder', {
      token: admin.token,
      body: { ids: [second.body.id, created.body.id] },
    });
    expect(sorted.body.items.map((s: { name: string }) => s.name)).toEqual(['Night call', 'Fire drill 2026']);
    const partial = await api.call('PUT', '/api/scenarios/customer/sortorder', {
      token: admin.token,
      body: { ids: [second.body.id] },
    });
    expect(partial.status).toBe(400);
    expect(partial.body.code).toBe('sortOrderMismatch');

    expect(
      (await api.call('DELETE', `/api/scenarios/customer/${created.body.id}`, { token: admin.token })).status,
    ).toBe(200);
    expect((await api.call('GET', `/api/scenarios/customer/${created.body.id}`, { token: admin.token })).status).toBe(
      404,
    );
  });

  it('starting a scenario sends its alert to its target with the edited texts; any member may start it', async () => {
    const { admin, member, team } = await arrange();
    const drill = fireDrill({ teams: [team.id] });
    const responseOptions = [{ kind: 'safe' }, { kind: 'other', label: 'At the gate' }];
    const scenario = await api.call('POST', '/api/scenarios/customer', {
      token: admin.token,
      body: { ...drill, alertData: { ...drill.alertData, responseOptions }, alertType: 2 },
    });
    expect(scenario.body.alertData.responseOptions).toEqual(responseOptions);
    const started = await api.call('POST', `/api/scenarios/customer/${scenario.body.id}`, {
      token: member.token,
      body: { alertTitle: 'Fire in hall 3', alertBody: 'Leave hall 3 now.' },
    });
    expect(started.status).toBe(201);
    expect(started.body).toEqual({ alertId: expect.any(String) });
    const alert = await api.db.alert.findUniqueOrThrow({
      where: { id: started.body.alertId },
      include: { recipients: true },
    });
    expect(alert).toMatchObject({
      title: 'Fire in hall 3',
      message: 'Leave hall 3 now.',
      type: 'urgentAlert',
      scenarioId: scenario.body.id,
      authorId: member.user.id,
      status: 'active',
      // The scenario's response options go with its alert (issue 36).
      responseOptions,
    });
    expect(alert.recipients.map((r) => r.userId)).toEqual([member.user.id]);
    expect(await api.db.receipt.count({ where: { alertId: alert.id } })).toBe(2);
  });

  it('refuses to start a scenario whose target no longer picks anyone', async () => {
    const { admin, team } = await arrange();
    const scenario = await api.call('POST', '/api/scenarios/customer', {
      token: admin.token,
      body: fireDrill({ teams: [team.id] }),
    });
    await api.db.team.delete({ where: { id: team.id } });
    const listed = await api.call('GET', '/api/scenarios/customer', { token: admin.token });
    expect(listed.body.items[0].hasValidTarget).toBe(false);
    const started = await api.call('POST', `/api/scenarios/customer/${scenario.body.id}`, {
      token: admin.token,
      body: { alertTitle: 'Fire drill', alertBody: 'Leave now please.' },
    });
    expect(started.status).toBe(400);
    expect(started.body).toMatchObject({
      code: 'scenarioNoValidRecipients',
      errors: ['The scenario has no valid recipients'],
    });
  });

  it.each([
    ['a short name', { ...fireDrill(), name: 'Fi' }, 'name must be at least 3 characters'],
    [
      'a title over 50 characters',
      { ...fireDrill(), alertData: { ...fireDrill().alertData, title: 'x'.repeat(51) } },
      'alertData.title cannot be longer than 50 characters',
    ],
    [
      'a body over 1500 characters',
      { ...fireDrill(), alertData: { ...fireDrill().alertData, body: 'x'.repeat(1501) } },
      'alertData.body cannot be longer than 1500 characters',
    ],
    ['no channel', { ...fireDrill(), channels: [] }, 'channels is required'],
    ['an unknown type', { ...fireDrill(), alertType: 3 }, 'alertType is not valid'],
    ['no recipients', fireDrill({}), 'Recipients is required'],
  ])('refuses %s', async (_case, body, message) => {
    const { admin } = await arrange();
    const response = await api.call('POST', '/api/scenarios/customer', { token: admin.token, body });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([message]);
  });

  it('validates the start form: title 3–50, text 3–1500', async () => {
    const { admin } = await arrange();
    const scenario = await api.call('POST', '/api/scenarios/customer', { token: admin.token, body: fireDrill() });
    const path = `/api/scenarios/customer/${scenario.body.id}`;
    expect(
      (await api.call('POST', path, { token: admin.token, body: { alertTitle: 'Fi', alertBody: 'Leave now' } })).body
        .errors,
    ).toEqual(['alertTitle must be at least 3 characters']);
    expect(
      (await api.call('POST', path, { token: admin.token, body: { alertTitle: 'Fire', alertBody: 'x'.repeat(1501) } }))
        .body.errors,
    ).toEqual(['alertBody cannot be longer than 1500 characters']);
    expect(await api.db.alert.count({ where: { scenarioId: scenario.body.id } })).toBe(0);
  });

  it('keeps roles, companies and the feature apart, and needs a session', async () => {
    const { admin, member } = await arrange();
    const other = await arrange();
    const theirs = await api.call('POST', '/api/scenarios/customer', { token: other.admin.token, body: fireDrill() });
    const path = `/api/scenarios/customer/${theirs.body.id}`;
    expect((await api.call('POST', '/api/scenarios/customer', { token: member.token, body: fireDrill() })).status).toBe(
      403,
    );
    expect((await api.call('PUT', path, { token: member.token, body: fireDrill() })).status).toBe(403);
    expect((await api.call('DELETE', path, { token: member.token })).status).toBe(403);
    expect((await api.call('GET', path, { token: admin.token })).status).toBe(404);
    expect((await api.call('PUT', path, { token: admin.token, body: fireDrill() })).status).toBe(404);
    expect((await api.call('DELETE', path, { token: admin.token })).status).toBe(404);
    expect(
      (await api.call('POST', path, { token: admin.token, body: { alertTitle: 'Fire', alertBody: 'Leave now' } }))
        .status,
    ).toBe(404);
    expect((await api.call('GET', `/api/scenarios/customer/${randomUUID()}`, { token: admin.token })).status).toBe(404);
    expect((await api.call('GET', '/api/scenarios/customer', { token: admin.token })).body.items).toEqual([]);

    const plain = await createCompany(api.db);
    const plainAdmin = await createMember(api.db, plain.id, 'admin');
    expect((await api.call('GET', '/api/scenarios/customer', { token: plainAdmin.token })).status).toBe(403);

    expect((await api.call('GET', '/api/scenarios/customer')).status).toBe(401);
    expect((await api.call('POST', path, { body: { alertTitle: 'Fire', alertBody: 'Leave now' } })).status).toBe(401);
    expect(await api.db.alert.count({ where: { scenarioId: theirs.body.id } })).toBe(0);
  });

  describe('from the app: /api/devices/{id}/scenarios', () => {
    async function withScenarios() {
      const arranged = await arrange();
      const names = ['Fire', 'Flood', 'Storm', 'Power cut'];
      const ids: string[] = [];
      for (const name of names) {
        const created = await api.call('POST', '/api/scenarios/customer', {
          token: arranged.admin.token,
          body: { ...fireDrill(), name, includePosition: name === 'Flood' },
        });
        ids.push(created.body.id);
      }
      const device = await api.db.device.create({
        data: { userId: arranged.member.user.id, name: "Mia's phone", platform: 'android' },
      });
      return { ...arranged, ids, device };
    }

    it('lists every scenario for a member in sort order, the first 3 marked for the front page', async () => {
      const { admin, member, ids, device } = await withScenarios();
      await api.call('PUT', '/api/scenarios/customer/sortorder', {
        token: admin.token,
        body: { ids: [ids[3], ids[0], ids[1], ids[2]] },
      });
      const listed = await api.call('GET', `/api/devices/${device.id}/scenarios`, { token: member.token });
      expect(listed.status).toBe(200);
      expect(listed.body.items.map((s: { name: string; frontPage: boolean }) => [s.name, s.frontPage])).toEqual([
        ['Power cut', true],
        ['Fire', true],
        ['Flood', true],
        ['Storm', false],
      ]);
      expect(listed.body.items[0]).toMatchObject({ hasValidTarget: true, alertData: { title: 'Fire drill' } });
    });

    it("starts a scenario with its own texts and the phone's position when it includes one", async () => {
      const { member, ids, device } = await withScenarios();
      await api.db.position.create({
        data: { userId: member.user.id, deviceId: device.id, lat: 59.91, lng: 10.75, accuracy: 12 },
      });
      const flood = await api.call('POST', `/api/devices/${device.id}/scenarios/${ids[1]}`, {
        token: member.token,
        body: {},
      });
      expect(flood.status).toBe(201);
      expect(await api.db.alert.findUniqueOrThrow({ where: { id: flood.body.alertId } })).toMatchObject({
        title: 'Fire drill',
        message: 'Leave the building by the nearest exit.',
        scenarioId: ids[1],
        authorId: member.user.id,
        containsAuthorLocation: true,
        authorLat: 59.91,
        authorLng: 10.75,
      });
      const sent = await api.call('POST', `/api/devices/${device.id}/scenarios/${ids[1]}`, {
        token: member.token,
        body: { alertTitle: 'Flood in B', alertBody: 'Water in the basement.', position: { lat: 60, lng: 11 } },
      });
      expect(await api.db.alert.findUniqueOrThrow({ where: { id: sent.body.alertId } })).toMatchObject({
        title: 'Flood in B',
        authorLat: 60,
        authorLng: 11,
      });
      // A scenario without includePosition never carries one.
      const fire = await api.call('POST', `/api/devices/${device.id}/scenarios/${ids[0]}`, {
        token: member.token,
        body: { position: { lat: 60, lng: 11 } },
      });
      expect(await api.db.alert.findUniqueOrThrow({ where: { id: fire.body.alertId } })).toMatchObject({
        containsAuthorLocation: false,
        authorLat: null,
      });
    });

    it("refuses another person's device, another company's scenario, bad input, the feature off and no session", async () => {
      const { admin, member, ids, device } = await withScenarios();
      const other = await arrange();
      const theirs = await api.call('POST', '/api/scenarios/customer', { token: other.admin.token, body: fireDrill() });
      const own = `/api/devices/${device.id}/scenarios`;
      expect((await api.call('GET', own, { token: admin.token })).status).toBe(404);
      expect((await api.call('POST', `${own}/${ids[0]}`, { token: admin.token, body: {} })).status).toBe(404);
      expect((await api.call('POST', `${own}/${theirs.body.id}`, { token: member.token, body: {} })).status).toBe(404);
      expect(
        (await api.call('POST', `${own}/${ids[0]}`, { token: member.token, body: { alertTitle: 'No' } })).body.errors,
      ).toEqual(['alertTitle must be at least 3 characters']);
      expect((await api.call('POST', `${own}/not-an-id`, { token: member.token, body: {} })).status).toBe(400);
      expect((await api.call('GET', own)).status).toBe(401);
      expect((await api.call('POST', `${own}/${ids[0]}`, { body: {} })).status).toBe(401);
      await api.db.company.update({
        where: { id: (await arrangeCompanyOf(member.user.id)).id },
        data: { features: [] },
      });
      expect((await api.call('GET', own, { token: member.token })).status).toBe(403);
      expect(await api.db.alert.count({ where: { scenarioId: { in: [...ids, theirs.body.id] } } })).toBe(0);
    });

    async function arrangeCompanyOf(userId: string) {
      return (await api.db.membership.findFirstOrThrow({ where: { userId }, select: { company: true } })).company;
    }
  });
});
