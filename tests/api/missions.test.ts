import { describe, it, expect } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { listenToCompany } from '../helpers/company-events';
import { createCompany, createMember } from '../helpers/fixtures';

const HOUR = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

describe('missions: start and finish from the app, lists for admins', () => {
  const api = useApiTestContext();

  async function missionCompany() {
    const company = await createCompany(api.db, { features: ['mission'] });
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    const worker = await createMember(api.db, company.id, 'user', 'Lone Worker');
    return { company, admin, worker };
  }

  it('starts a mission, announces it, lists it as active, finishes it and announces that', async () => {
    const { company, admin, worker } = await missionCompany();
    const events = await listenToCompany(api.url, admin.token, company.id);
    try {
      const announced = events.next(`newMissionCustomerId:${company.id}`);
      const started = await api.call('POST', '/api/missions', {
        token: worker.token,
        body: { endTime: inHours(2), description: 'Inspecting the dam' },
      });
      expect(started.status).toBe(201);
      expect(started.body).toMatchObject({
        status: 'ongoing',
        description: 'Inspecting the dam',
        user: { userId: worker.user.id, name: 'Lone Worker' },
      });
      await expect(announced).resolves.toEqual({ missionId: started.body.id });

      const active = await api.call('GET', '/api/missions/all/active', { token: admin.token });
      expect(active.body.items.map((m: { id: string }) => m.id)).toEqual([started.body.id]);
      expect((await api.call('GET', '/api/missions/mine/active', { token: worker.token })).body.mission.id).toBe(
        started.body.id,
      );

      const finishedEvent = events.next(`missionFinishedCustomerId:${company.id}`);
      const finished = await api.call('PUT', `/api/missions/${started.body.id}/finish`, { token: worker.token });
      expect(finished.status).toBe(200);
      expect(finished.body).toMatchObject({ status: 'finished', finishedAt: expect.any(String) });
      await expect(finishedEvent).resolves.toEqual({ missionId: started.body.id });

      expect((await api.call('GET', '/api/missions/all/active', { token: admin.token })).body.items).toEqual([]);
      const done = await api.call('GET', '/api/missions/all/finished?includeTotal=true', { token: admin.token });
      expect(done.body).toMatchObject({ page: 1, pageSize: 25, total: 1 });
      expect((await api.call('GET', '/api/missions/mine/active', { token: worker.token })).body).toEqual({
        mission: null,
      });
    } finally {
      events.close();
    }
  });

  it('allows one ongoing mission per person, and finishing only once', async () => {
    const { worker } = await missionCompany();
    const first = await api.call('POST', '/api/missions', { token: worker.token, body: { endTime: inHours(1) } });
    const second = await api.call('POST', '/api/missions', { token: worker.token, body: { endTime: inHours(1) } });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('missionOngoing');
    await api.call('PUT', `/api/missions/${first.body.id}/finish`, { token: worker.token });
    const again = await api.call('PUT', `/api/missions/${first.body.id}/finish`, { token: worker.token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('missionNotOngoing');
  });

  it('an admin may finish a worker’s mission; another member may not', async () => {
    const { company, admin, worker } = await missionCompany();
    const colleague = await createMember(api.db, company.id);
    const started = await api.call('POST', '/api/missions', { token: worker.token, body: { endTime: inHours(1) } });
    expect((await api.call('PUT', `/api/missions/${started.body.id}/finish`, { token: colleague.token })).status).toBe(
      404,
    );
    expect((await api.call('PUT', `/api/missions/${started.body.id}/finish`, { token: admin.token })).status).toBe(200);
  });

  it.each([
    ['no end time', {}, 'endTime is required'],
    ['an end time that is no date', { endTime: 'tomorrow' }, 'endTime is not valid'],
    [
      'an end time in the past',
      { endTime: new Date(Date.now() - HOUR).toISOString() },
      'endTime must be in the future',
    ],
    ['a mission of 8 days', { endTime: inHours(24 * 8) }, 'A mission lasts at most 7 days'],
    [
      'a description of 501 characters',
      { endTime: inHours(1), description: 'x'.repeat(501) },
      'description cannot be longer than 500 characters',
    ],
  ])('refuses %s', async (_case, body, message) => {
    const { worker } = await missionCompany();
    const response = await api.call('POST', '/api/missions', { token: worker.token, body });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([message]);
  });

  it('keeps companies apart, needs the feature, the admin role for the lists, and a session', async () => {
    const { worker, admin } = await missionCompany();
    const other = await missionCompany();
    const theirs = await api.call('POST', '/api/missions', {
      token: other.worker.token,
      body: { endTime: inHours(1) },
    });
    expect((await api.call('PUT', `/api/missions/${theirs.body.id}/finish`, { token: admin.token })).status).toBe(404);
    expect((await api.call('GET', '/api/missions/all/active', { token: admin.token })).body.items).toEqual([]);
    expect((await api.call('GET', '/api/missions/all/active', { token: worker.token })).status).toBe(403);
    expect((await api.call('GET', '/api/missions/all/finished', { token: worker.token })).status).toBe(403);

    const plain = await createCompany(api.db);
    const member = await createMember(api.db, plain.id);
    expect(
      (await api.call('POST', '/api/missions', { token: member.token, body: { endTime: inHours(1) } })).status,
    ).toBe(403);

    expect((await api.call('POST', '/api/missions', { body: { endTime: inHours(1) } })).status).toBe(401);
    expect((await api.call('GET', '/api/missions/all/active')).status).toBe(401);
    expect((await api.call('PUT', `/api/missions/${theirs.body.id}/finish`)).status).toBe(401);
  });
});
