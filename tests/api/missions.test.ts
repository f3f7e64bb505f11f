import { describe, it, expect } from '@jest/globals';
import type { Prisma } from '@/lib/generated/prisma/client';
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
      await expect(announced).resolves.toEqual({ missionId: started.body.id, changed: 'missions' });

      const active = await api.call('GET', '/api/missions/all/active', { token: admin.token });
      expect(active.body.items.map((m: { id: string }) => m.id)).toEqual([started.body.id]);
      expect((await api.call('GET', '/api/missions/mine/active', { token: worker.token })).body.mission.id).toBe(
        started.body.id,
      );

      const finishedEvent = events.next(`missionFinishedCustomerId:${company.id}`);
      const finished = await api.call('PUT', `/api/missions/${started.body.id}/finish`, { token: worker.token });
      expect(finished.status).toBe(200);
      expect(finished.body).toMatchObject({ status: 'finished', finishedAt: expect.any(String) });
      await expect(finishedEvent).resolves.toEqual({ missionId: started.body.id, changed: 'missions' });

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

  it('keeps an expired mission active and overdue until it is finished, then lists it as finished with its expiry', async () => {
    const { company, admin, worker } = await missionCompany();
    const colleague = await createMember(api.db, company.id, 'user', 'Late Colleague');
    const planner = await createMember(api.db, company.id, 'user', 'Early Planner');
    const veteran = await createMember(api.db, company.id, 'user', 'Done Veteran');
    const missionOf = (userId: string, data: Omit<Prisma.MissionUncheckedCreateInput, 'companyId' | 'userId'>) =>
      api.db.mission.create({ data: { companyId: company.id, userId, ...data } });
    const expiredAt = new Date(Date.now() - HOUR + 30_000);
    const expired = await missionOf(worker.user.id, {
      status: 'expired',
      startedAt: new Date(Date.now() - 2 * HOUR),
      endTime: new Date(Date.now() - HOUR),
      expiredAt,
    });
    // Past its end but not yet swept: overdue as well.
    const notYetSwept = await missionOf(colleague.user.id, { endTime: new Date(Date.now() - 60_000) });
    const running = await missionOf(planner.user.id, { endTime: new Date(inHours(1)) });
    const finishedAfterExpiry = await missionOf(veteran.user.id, {
      status: 'finished',
      endTime: new Date(Date.now() - 3 * HOUR),
      expiredAt: new Date(Date.now() - 3 * HOUR),
      finishedAt: new Date(Date.now() - 2 * HOUR),
    });

    const active = await api.call('GET', '/api/missions/all/active', { token: admin.token });
    expect(
      active.body.items.map((m: { id: string; status: string; overdue: boolean }) => [m.id, m.status, m.overdue]),
    ).toEqual([
      [expired.id, 'expired', true],
      [notYetSwept.id, 'ongoing', true],
      [running.id, 'ongoing', false],
    ]);
    expect(active.body.items[0]).toMatchObject({ expiredAt: expiredAt.toISOString(), finishedAt: null });
    const dash = (await api.call('GET', '/api/dash/data', { token: admin.token })).body;
    expect(dash.activeMissionsCount).toBe(3);
    expect(dash.activeMissions.map((m: { id: string; overdue: boolean }) => [m.id, m.overdue])).toEqual([
      [expired.id, true],
      [notYetSwept.id, true],
      [running.id, false],
    ]);
    const finishedList = await api.call('GET', '/api/missions/all/finished?includeTotal=true', { token: admin.token });
    expect(finishedList.body.total).toBe(1);
    expect(finishedList.body.items).toEqual([
      expect.objectContaining({
        id: finishedAfterExpiry.id,
        status: 'finished',
        overdue: false,
        expiredAt: expect.any(String),
      }),
    ]);

    // The app still gets its overdue mission, so that the person can finish it; a new one waits until then.
    expect((await api.call('GET', '/api/missions/mine/active', { token: worker.token })).body.mission).toMatchObject({
      id: expired.id,
      status: 'expired',
      overdue: true,
    });
    const tooSoon = await api.call('POST', '/api/missions', { token: worker.token, body: { endTime: inHours(1) } });
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.code).toBe('missionOngoing');

    const events = await listenToCompany(api.url, admin.token, company.id);
    try {
      const announced = events.next(`missionFinishedCustomerId:${company.id}`);
      const finished = await api.call('PUT', `/api/missions/${expired.id}/finish`, { token: admin.token });
      expect(finished.status).toBe(200);
      expect(finished.body).toMatchObject({
        status: 'finished',
        overdue: false,
        finishedAt: expect.any(String),
        expiredAt: expiredAt.toISOString(),
      });
      await expect(announced).resolves.toEqual({ missionId: expired.id, changed: 'missions' });
    } finally {
      events.close();
    }
    const again = await api.call('PUT', `/api/missions/${expired.id}/finish`, { token: worker.token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('missionNotOngoing');

    expect(
      (await api.call('GET', '/api/missions/all/active', { token: admin.token })).body.items.map(
        (m: { id: string }) => m.id,
      ),
    ).toEqual([notYetSwept.id, running.id]);
    expect((await api.call('GET', '/api/dash/data', { token: admin.token })).body.activeMissionsCount).toBe(2);
    expect(
      (await api.call('GET', '/api/missions/all/finished', { token: admin.token })).body.items.map(
        (m: { id: string }) => m.id,
      ),
    ).toEqual([expired.id, finishedAfterExpiry.id]);
    expect((await api.call('GET', '/api/missions/mine/active', { token: worker.token })).body.mission).toBeNull();
    expect(
      (await api.call('POST', '/api/missions', { token: worker.token, body: { endTime: inHours(1) } })).status,
    ).toBe(201);
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

  it('shows one mission to admins: active, then finished; unknown, foreign and malformed ids are not found', async () => {
    const { admin, worker } = await missionCompany();
    const other = await missionCompany();
    const started = await api.call('POST', '/api/missions', {
      token: worker.token,
      body: { endTime: inHours(1), description: 'Checking the pumps' },
    });
    const one = await api.call('GET', `/api/missions/${started.body.id}`, { token: admin.token });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      id: started.body.id,
      status: 'ongoing',
      overdue: false,
      description: 'Checking the pumps',
      user: { userId: worker.user.id, name: 'Lone Worker' },
    });
    await api.call('PUT', `/api/missions/${started.body.id}/finish`, { token: admin.token });
    expect((await api.call('GET', `/api/missions/${started.body.id}`, { token: admin.token })).body).toMatchObject({
      status: 'finished',
      finishedAt: expect.any(String),
    });

    const theirs = await api.call('POST', '/api/missions', {
      token: other.worker.token,
      body: { endTime: inHours(1) },
    });
    expect((await api.call('GET', `/api/missions/${theirs.body.id}`, { token: admin.token })).status).toBe(404);
    expect((await api.call('GET', `/api/missions/${crypto.randomUUID()}`, { token: admin.token })).status).toBe(404);
    expect((await api.call('GET', '/api/missions/not-an-id', { token: admin.token })).status).toBe(400);
    expect((await api.call('GET', `/api/missions/${started.body.id}`, { token: worker.token })).status).toBe(403);
    expect((await api.call('GET', `/api/missions/${started.body.id}`)).status).toBe(401);
  });

  it('lets the person move the end time of their mission, stores and announces it', async () => {
    const { company, admin, worker } = await missionCompany();
    const started = await api.call('POST', '/api/missions', {
      token: worker.token,
      body: { endTime: inHours(1), description: 'Inspecting the dam' },
    });
    const events = await listenToCompany(api.url, admin.token, company.id);
    try {
      const announced = events.next(`newMissionCustomerId:${company.id}`);
      const later = inHours(3);
      const extended = await api.call('PUT', `/api/missions/${started.body.id}`, {
        token: worker.token,
        body: { endTime: later },
      });
      expect(extended.status).toBe(200);
      expect(extended.body).toEqual({
        ...started.body,
        endTime: later,
        overdue: false,
      });
      await expect(announced).resolves.toEqual({ missionId: started.body.id, changed: 'missions' });
      expect((await api.db.mission.findUniqueOrThrow({ where: { id: started.body.id } })).endTime.toISOString()).toBe(
        later,
      );
      expect((await api.call('GET', `/api/missions/${started.body.id}`, { token: admin.token })).body).toEqual(
        extended.body,
      );
    } finally {
      events.close();
    }

    // Earlier is allowed too, from a minute ahead on.
    const sooner = new Date(Date.now() + 2 * 60_000).toISOString();
    const shortened = await api.call('PUT', `/api/missions/${started.body.id}`, {
      token: worker.token,
      body: { endTime: sooner },
    });
    expect(shortened.status).toBe(200);
    expect(shortened.body).toMatchObject({ endTime: sooner, status: 'ongoing' });
    expect((await api.call('GET', '/api/missions/mine/active', { token: worker.token })).body.mission.endTime).toBe(
      sooner,
    );
  });

  it('lets an overdue or expired mission go on until its new end time, keeping the expiry on record', async () => {
    const { company, worker } = await missionCompany();
    const colleague = await createMember(api.db, company.id);
    const expiredAt = new Date(Date.now() - 30_000);
    const expired = await api.db.mission.create({
      data: {
        companyId: company.id,
        userId: worker.user.id,
        status: 'expired',
        startedAt: new Date(Date.now() - HOUR),
        endTime: new Date(Date.now() - 60_000),
        expiredAt,
      },
    });
    const notYetSwept = await api.db.mission.create({
      data: { companyId: company.id, userId: colleague.user.id, endTime: new Date(Date.now() - 5_000) },
    });
    const endTime = inHours(1);

    const again = await api.call('PUT', `/api/missions/${expired.id}`, { token: worker.token, body: { endTime } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      status: 'ongoing',
      overdue: false,
      endTime,
      expiredAt: expiredAt.toISOString(),
    });
    const late = await api.call('PUT', `/api/missions/${notYetSwept.id}`, {
      token: colleague.token,
      body: { endTime },
    });
    expect(late.body).toMatchObject({ status: 'ongoing', overdue: false, endTime, expiredAt: null });
  });

  it.each([
    ['no end time', {}, 'endTime is required'],
    ['an end time that is no date', { endTime: 'tomorrow' }, 'endTime is not valid'],
    [
      'an end time in the past',
      { endTime: new Date(Date.now() - HOUR).toISOString() },
      'endTime must be in the future',
    ],
    [
      'an end time less than a minute ahead',
      { endTime: new Date(Date.now() + 30_000).toISOString() },
      'endTime must be at least 1 minute from now',
    ],
    ['an end time 8 days ahead', { endTime: inHours(24 * 8) }, 'A mission ends at most 7 days from now'],
  ])('refuses to move the end time to %s', async (_case, body, message) => {
    const { worker } = await missionCompany();
    const endTime = inHours(1);
    const started = await api.call('POST', '/api/missions', { token: worker.token, body: { endTime } });
    const response = await api.call('PUT', `/api/missions/${started.body.id}`, { token: worker.token, body });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([message]);
    expect((await api.db.mission.findUniqueOrThrow({ where: { id: started.body.id } })).endTime.toISOString()).toBe(
      endTime,
    );
  });

  it('moves only the end time of one’s own active mission in the company', async () => {
    const { company, admin, worker } = await missionCompany();
    const colleague = await createMember(api.db, company.id);
    const other = await missionCompany();
    const endTime = inHours(1);
    const body = { endTime: inHours(2) };
    const started = await api.call('POST', '/api/missions', { token: worker.token, body: { endTime } });
    const theirs = await api.call('POST', '/api/missions', { token: other.worker.token, body: { endTime } });
    const path = `/api/missions/${started.body.id}`;

    expect((await api.call('PUT', path, { token: colleague.token, body })).status).toBe(404);
    const byAdmin = await api.call('PUT', path, { token: admin.token, body });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.code).toBe('notYourMission');
    // Another company's mission, and this one for the people of another company.
    for (const token of [worker.token, admin.token]) {
      expect((await api.call('PUT', `/api/missions/${theirs.body.id}`, { token, body })).status).toBe(404);
    }
    for (const token of [other.worker.token, other.admin.token]) {
      expect((await api.call('PUT', path, { token, body })).status).toBe(404);
    }
    expect((await api.call('PUT', `/api/missions/${crypto.randomUUID()}`, { token: worker.token, body })).status).toBe(
      404,
    );
    expect((await api.call('PUT', '/api/missions/not-an-id', { token: worker.token, body })).status).toBe(400);
    expect((await api.call('PUT', path, { body })).status).toBe(401);
    const plain = await createCompany(api.db);
    await api.db.membership.create({ data: { companyId: plain.id, userId: worker.user.id } });
    expect((await api.call('PUT', path, { token: worker.token, customerId: plain.id, body })).status).toBe(403);

    await api.call('PUT', `${path}/finish`, { token: worker.token });
    const finished = await api.call('PUT', path, { token: worker.token, body });
    expect(finished.status).toBe(409);
    expect(finished.body.code).toBe('missionNotOngoing');
    expect((await api.db.mission.findUniqueOrThrow({ where: { id: started.body.id } })).endTime.toISOString()).toBe(
      endTime,
    );
    expect((await api.db.mission.findUniqueOrThrow({ where: { id: theirs.body.id } })).endTime.toISOString()).toBe(
      endTime,
    );
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
