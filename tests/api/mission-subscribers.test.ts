import { describe, it, expect } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

const MINUTE = 60_000;

describe('mission alarm subscribers and the last known position (admins)', () => {
  const api = useApiTestContext();

  async function missionCompany() {
    const company = await createCompany(api.db, { features: ['mission'] });
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    const worker = await createMember(api.db, company.id, 'user', 'Wenche Worker');
    const colleague = await createMember(api.db, company.id, 'user', 'Carl Colleague');
    return { company, admin, worker, colleague };
  }

  const removeMember = (companyId: string, userId: string) =>
    api.db.membership.updateMany({ where: { companyId, userId }, data: { deletedAt: new Date() } });

  describe('GET and PUT /api/missions/subscribers', () => {
    it('starts empty, replaces the whole list, answers it by name, and drops removed members', async () => {
      const { company, admin, worker, colleague } = await missionCompany();
      expect(await api.call('GET', '/api/missions/subscribers', { token: admin.token })).toMatchObject({
        status: 200,
        body: { subscriberIds: [], subscribers: [] },
      });

      const saved = await api.call('PUT', '/api/missions/subscribers', {
        token: admin.token,
        body: { subscriberIds: [worker.user.id, colleague.user.id, worker.user.id] },
      });
      expect(saved.status).toBe(200);
      const both = {
        subscriberIds: [colleague.user.id, worker.user.id],
        subscribers: [
          { userId: colleague.user.id, name: 'Carl Colleague', profilePhoto: null },
          { userId: worker.user.id, name: 'Wenche Worker', profilePhoto: null },
        ],
      };
      expect(saved.body).toEqual(both);
      expect((await api.call('GET', '/api/missions/subscribers', { token: admin.token })).body).toEqual(both);

      const replaced = await api.call('PUT', '/api/missions/subscribers', {
        token: admin.token,
        body: { subscriberIds: [admin.user.id, worker.user.id] },
      });
      expect(replaced.body.subscriberIds).toEqual([admin.user.id, worker.user.id]);
      expect(
        (await api.db.missionSubscriber.findMany({ where: { companyId: company.id }, orderBy: { userId: 'asc' } }))
          .map((row) => row.userId)
          .sort(),
      ).toEqual([admin.user.id, worker.user.id].sort());

      await removeMember(company.id, worker.user.id);
      expect((await api.call('GET', '/api/missions/subscribers', { token: admin.token })).body.subscriberIds).toEqual([
        admin.user.id,
      ]);

      const emptied = await api.call('PUT', '/api/missions/subscribers', {
        token: admin.token,
        body: { subscriberIds: [] },
      });
      expect(emptied.body).toEqual({ subscriberIds: [], subscribers: [] });
      expect(await api.db.missionSubscriber.count({ where: { companyId: company.id } })).toBe(0);
    });

    it('saves one of two lists sent at once, never a mix of both', async () => {
      const { admin, worker, colleague } = await missionCompany();
      const lists = [[worker.user.id], [colleague.user.id, admin.user.id]];
      for (let round = 0; round < 3; round += 1) {
        const answers = await Promise.all(
          lists.map((subscriberIds) =>
            api.call('PUT', '/api/missions/subscribers', { token: admin.token, body: { subscriberIds } }),
          ),
        );
        expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
        const saved = (await api.call('GET', '/api/missions/subscribers', { token: admin.token })).body.subscriberIds;
        expect(lists.map((list) => [...list].sort().join())).toContain([...saved].sort().join());
      }
    });

    it('refuses anyone who is not an active member of the company, and changes nothing then', async () => {
      const { company, admin, worker, colleague } = await missionCompany();
      const other = await missionCompany();
      await api.call('PUT', '/api/missions/subscribers', {
        token: admin.token,
        body: { subscriberIds: [worker.user.id] },
      });
      await removeMember(company.id, colleague.user.id);
      const stranger = randomUUID();

      for (const unknown of [other.worker.user.id, colleague.user.id, stranger]) {
        const refused = await api.call('PUT', '/api/missions/subscribers', {
          token: admin.token,
          body: { subscriberIds: [admin.user.id, unknown] },
        });
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({
          errors: [`${unknown} is not a member of this company`],
          code: 'unknownMember',
        });
      }
      expect((await api.call('GET', '/api/missions/subscribers', { token: admin.token })).body.subscriberIds).toEqual([
        worker.user.id,
      ]);
      // The other company's list is its own.
      expect(
        (await api.call('GET', '/api/missions/subscribers', { token: other.admin.token })).body.subscriberIds,
      ).toEqual([]);
    });

    it.each([
      ['no list', {}, 'subscriberIds is required'],
      ['a list that is no list', { subscriberIds: 'everyone' }, 'subscriberIds is not valid'],
      ['an id that is no uuid', { subscriberIds: ['not-a-uuid'] }, 'subscriberIds.0 is not valid'],
      [
        'more than 1000 ids',
        { subscriberIds: Array.from({ length: 1001 }, () => randomUUID()) },
        'subscriberIds is not valid',
      ],
    ])('refuses %s', async (_case, body, message) => {
      const { admin } = await missionCompany();
      const refused = await api.call('PUT', '/api/missions/subscribers', { token: admin.token, body });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([message]);
    });

    it('needs the admin role, the mission feature and a session', async () => {
      const { worker } = await missionCompany();
      const body = { subscriberIds: [worker.user.id] };
      expect((await api.call('GET', '/api/missions/subscribers', { token: worker.token })).status).toBe(403);
      expect((await api.call('PUT', '/api/missions/subscribers', { token: worker.token, body })).status).toBe(403);

      const plain = await createCompany(api.db);
      const plainAdmin = await createMember(api.db, plain.id, 'admin');
      expect((await api.call('GET', '/api/missions/subscribers', { token: plainAdmin.token })).status).toBe(403);
      expect(
        (
          await api.call('PUT', '/api/missions/subscribers', {
            token: plainAdmin.token,
            body: { subscriberIds: [plainAdmin.user.id] },
          })
        ).status,
      ).toBe(403);

      expect((await api.call('GET', '/api/missions/subscribers')).status).toBe(401);
      expect((await api.call('PUT', '/api/missions/subscribers', { body })).status).toBe(401);
    });
  });

  describe('GET /api/missions/positions/last/user/{id}', () => {
    const lastPosition = (token: string, userId: string) =>
      api.call('GET', `/api/missions/positions/last/user/${userId}`, { token });

    it('answers the newest position of any of the person’s devices, with its time and device, or null', async () => {
      const { admin, worker, colleague } = await missionCompany();
      const phone = await api.db.device.create({
        data: { userId: worker.user.id, name: 'Wenche phone', platform: 'android' },
      });
      const tablet = await api.db.device.create({
        data: { userId: worker.user.id, name: 'Wenche tablet', platform: 'ios' },
      });
      const newest = new Date(Date.now() - 5 * MINUTE);
      await api.db.position.createMany({
        data: [
          {
            userId: worker.user.id,
            deviceId: phone.id,
            lat: 59.1,
            lng: 10.1,
            recordedAt: new Date(Date.now() - 60 * MINUTE),
          },
          { userId: worker.user.id, deviceId: tablet.id, lat: 59.91, lng: 10.75, accuracy: 12, recordedAt: newest },
          { userId: worker.user.id, lat: 58, lng: 9, recordedAt: new Date(Date.now() - 30 * MINUTE) },
          { userId: colleague.user.id, lat: 1, lng: 1, recordedAt: new Date() },
        ],
      });

      const found = await lastPosition(admin.token, worker.user.id);
      expect(found.status).toBe(200);
      expect(found.body).toEqual({
        position: {
          lat: 59.91,
          lng: 10.75,
          accuracy: 12,
          recordedAt: newest.toISOString(),
          deviceName: 'Wenche tablet',
        },
      });

      const withoutDevice = new Date();
      await api.db.position.create({ data: { userId: worker.user.id, lat: 60, lng: 11, recordedAt: withoutDevice } });
      expect((await lastPosition(admin.token, worker.user.id)).body.position).toEqual({
        lat: 60,
        lng: 11,
        accuracy: null,
        recordedAt: withoutDevice.toISOString(),
        deviceName: null,
      });

      expect(await lastPosition(admin.token, admin.user.id)).toMatchObject({ status: 200, body: { position: null } });
    });

    it('answers 404 for another company’s person, a removed member or an unknown id, 400 for no id', async () => {
      const { company, admin, colleague } = await missionCompany();
      const other = await missionCompany();
      await api.db.position.create({ data: { userId: other.worker.user.id, lat: 1, lng: 1 } });
      await api.db.position.create({ data: { userId: colleague.user.id, lat: 2, lng: 2 } });
      await removeMember(company.id, colleague.user.id);

      for (const userId of [other.worker.user.id, colleague.user.id, randomUUID()]) {
        const missing = await lastPosition(admin.token, userId);
        expect(missing.status).toBe(404);
        expect(missing.body.errors).toEqual(['The member was not found']);
      }
      const bad = await lastPosition(admin.token, 'not-a-uuid');
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual(['id is not valid']);
    });

    it('needs the admin role, the mission feature and a session', async () => {
      const { worker, colleague } = await missionCompany();
      expect((await lastPosition(worker.token, colleague.user.id)).status).toBe(403);
      const plain = await createCompany(api.db);
      const plainAdmin = await createMember(api.db, plain.id, 'admin');
      const plainMember = await createMember(api.db, plain.id);
      expect((await lastPosition(plainAdmin.token, plainMember.user.id)).status).toBe(403);
      expect((await api.call('GET', `/api/missions/positions/last/user/${worker.user.id}`)).status).toBe(401);
    });
  });
});
