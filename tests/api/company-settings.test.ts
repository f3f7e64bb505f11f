import { describe, it, expect } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';
import { uniquePhone } from '../helpers/phone';

// Company settings (issue 19): GET /api/customerSettings, POST /api/customerSettings/{name} with one schema per setting,
// and the extra seats (GET/PUT /api/customer/seats).

describe('company settings', () => {
  const api = useApiTestContext();

  async function company(plan: 'free' | 'professional' = 'professional') {
    const created = await createCompany(api.db, { plan });
    const owner = await createMember(api.db, created.id, 'owner', 'Olga Owner');
    const admin = await createMember(api.db, created.id, 'admin', 'Ada Admin');
    const member = await createMember(api.db, created.id, 'user', 'Mats Member');
    return { company: created, owner, admin, member };
  }

  const change = (token: string, name: string, value: unknown) =>
    api.call('POST', `/api/customerSettings/${name}`, { token, body: { value } });

  describe('GET and POST /api/customerSettings', () => {
    it('answers every setting with its default and the choices of the list settings', async () => {
      const { admin } = await company();
      const answer = await api.call('GET', '/api/customerSettings', { token: admin.token });
      expect(answer.status).toBe(200);
      expect(answer.body.settings).toEqual({
        alertSounds: {},
        alertSoundLocked: false,
        defaultCountry: 'NO',
        defaultSosMessage: null,
        conferenceText: null,
        helpTeam: null,
        missionAlarmSubscribers: [],
        contactCycleRounds: 2,
        contactCycleCallAfterMinutes: 3,
        contactCycleRepeatAfterMinutes: 10,
        contactCycleAllSeverities: false,
        reaskAfterMinutes: 0,
      });
      expect(answer.body.choices.alertSounds).toContain('default');
      expect(answer.body.choices.alertSounds).toContain('siren');
      expect(answer.body.choices.defaultCountries).toContainEqual({ country: 'SE', dialCode: '+46' });
      // Only countries the product sends SMS and calls to.
      expect(answer.body.choices.defaultCountries).not.toContainEqual(expect.objectContaining({ country: 'JP' }));
    });

    it('stores each setting where the product reads it, answers the stored value and records who changed it', async () => {
      const { company: created, admin, member } = await company();
      expect(await change(admin.token, 'alertSounds', { alarm: 'siren', default: 'chime' })).toMatchObject({
        status: 200,
        body: { name: 'alertSounds', value: { alarm: 'siren', default: 'chime' } },
      });
      expect((await change(admin.token, 'alertSoundLocked', true)).body.value).toBe(true);
      expect((await change(admin.token, 'defaultCountry', 'se')).body.value).toBe('SE');
      expect((await change(admin.token, 'defaultSosMessage', '  Help me, I am at the depot  ')).body.value).toBe(
        'Help me, I am at the depot',
      );
      expect((await change(admin.token, 'conferenceText', 'Press 1 to join the responders')).body.value).toBe(
        'Press 1 to join the responders',
      );
      const helpers = await api.db.team.create({ data: { companyId: created.id, name: 'First aiders' } });
      expect((await change(admin.token, 'helpTeam', helpers.id)).body.value).toBe(helpers.id);
      expect((await change(admin.token, 'missionAlarmSubscribers', [member.user.id])).body.value).toEqual([
        member.user.id,
      ]);

      const stored = await api.db.company.findUniqueOrThrow({ where: { id: created.id } });
      expect(stored).toMatchObject({
        alertSoundSettings: { alarm: 'siren', default: 'chime' },
        alertSoundLocked: true,
        defaultCountry: 'SE',
        defaultSosMessage: 'Help me, I am at the depot',
      });
      expect(
        (
          await api.db.companySetting.findUniqueOrThrow({
            where: { companyId_name: { companyId: created.id, name: 'helpTeam' } },
          })
        ).value,
      ).toBe(helpers.id);
      expect(await api.db.missionSubscriber.findMany({ where: { companyId: created.id } })).toEqual([
        expect.objectContaining({ userId: member.user.id }),
      ]);
      expect((await api.call('GET', '/api/customerSettings', { token: admin.token })).body.settings).toEqual({
        alertSounds: { alarm: 'siren', default: 'chime' },
        alertSoundLocked: true,
        defaultCountry: 'SE',
        defaultSosMessage: 'Help me, I am at the depot',
        conferenceText: 'Press 1 to join the responders',
        helpTeam: helpers.id,
        missionAlarmSubscribers: [member.user.id],
        contactCycleRounds: 2,
        contactCycleCallAfterMinutes: 3,
        contactCycleRepeatAfterMinutes: 10,
        contactCycleAllSeverities: false,
        reaskAfterMinutes: 0,
      });
      const audit = await api.db.auditLog.findMany({
        where: { companyId: created.id, action: 'setting.changed' },
        orderBy: { createdAt: 'asc' },
      });
      expect(audit.map((entry) => [entry.entityId, entry.actorId])).toEqual(
        [
          'alertSounds',
          'alertSoundLocked',
          'defaultCountry',
          'defaultSosMessage',
          'conferenceText',
          'helpTeam',
          'missionAlarmSubscribers',
        ].map((name) => [name, admin.user.id]),
      );

      // Blank texts are no text: the product's own SOS text and no conference in calls again.
      expect((await change(admin.token, 'defaultSosMessage', '   ')).body.value).toBeNull();
      expect((await change(admin.token, 'conferenceText', null)).body.value).toBeNull();
      expect(await api.db.companySetting.count({ where: { companyId: created.id, name: 'conferenceText' } })).toBe(0);
      // No help team: the alert's sender and the admins are told again; a deleted team leaves none.
      expect((await change(admin.token, 'helpTeam', null)).body.value).toBeNull();
      await change(admin.token, 'helpTeam', helpers.id);
      await api.db.team.delete({ where: { id: helpers.id } });
      expect(
        (await api.call('GET', '/api/customerSettings', { token: admin.token })).body.settings.helpTeam,
      ).toBeNull();
    });

    it('refuses a bad value with the generic messages and changes nothing', async () => {
      const { company: created, admin } = await company();
      const refused = async (name: string, value: unknown, message: string) => {
        const answer = await change(admin.token, name, value);
        expect({ name, status: answer.status, errors: answer.body.errors }).toEqual({
          name,
          status: 400,
          errors: [expect.stringContaining(message)],
        });
      };
      await refused('alertSounds', { alarm: 'trumpet' }, 'value.alarm is not valid');
      await refused('alertSounds', { fireDrill: 'siren' }, 'value');
      await refused('alertSounds', 'siren', 'value is not valid');
      await refused('alertSoundLocked', 'yes', 'value is not valid');
      await refused('defaultCountry', 'JP', 'value is not valid');
      await refused('defaultCountry', 'Norway', 'value is not valid');
      await refused('defaultSosMessage', 'x'.repeat(1001), 'value cannot be longer than 1000 characters');
      await refused('conferenceText', 42, 'value is not valid');
      await refused('missionAlarmSubscribers', ['not-a-uuid'], 'value.0 is not valid');
      await refused('helpTeam', 'first aiders', 'value is not valid');
      // Another company's team is no team of this company.
      const other = await createCompany(api.db);
      const theirs = await api.db.team.create({ data: { companyId: other.id, name: 'Their team' } });
      await refused('helpTeam', theirs.id, 'value must be a team of this company');
      const missing = await api.call('POST', '/api/customerSettings/alertSoundLocked', {
        token: admin.token,
        body: {},
      });
      expect(missing.status).toBe(400);
      expect(await api.db.auditLog.count({ where: { companyId: created.id, action: 'setting.changed' } })).toBe(0);
    });

    it('the default country reads imported numbers without a dial code and is preselected in phone fields', async () => {
      const { admin } = await company();
      let serial = 0;
      const importPhone = async (phone: string) => {
        serial += 1;
        const email = `import-${Date.now().toString(36)}-${serial}@example.test`;
        const answer = await api.call('POST', '/api/accounts', {
          token: admin.token,
          body: { users: [{ name: `Imported Person ${serial}`, email, phone }] },
        });
        expect(answer.status).toBe(200);
        return (await api.db.user.findUniqueOrThrow({ where: { email } })).phone;
      };
      // Norway by default: a Norwegian number without +47 is read as one.
      expect(await importPhone('412 34 567')).toBe('+4741234567');
      await change(admin.token, 'defaultCountry', 'SE');
      expect(await importPhone('070-123 45 67')).toBe('+46701234567');
      // A number with its dial code keeps it.
      expect(await importPhone('+47 412 34 568')).toBe('+4741234568');
      const me = await api.call('GET', '/api/me', { token: admin.token });
      expect(me.body.customer).toMatchObject({ defaultCountry: 'SE', defaultDialCode: '+46' });
    });

    it('answers 404 for an unknown setting', async () => {
      const { admin } = await company();
      const answer = await change(admin.token, 'favouriteColour', 'red');
      expect(answer.status).toBe(404);
      expect((await change(admin.token, 'constructor', 'red')).status).toBe(404);
    });

    it('never touches another company: its members are not subscribers, and settings are per company', async () => {
      const mine = await company();
      const theirs = await company();
      const foreign = await change(mine.admin.token, 'missionAlarmSubscribers', [theirs.member.user.id]);
      expect(foreign.status).toBe(400);
      expect(foreign.body.code).toBe('unknownMember');
      await change(mine.admin.token, 'defaultCountry', 'DK');
      expect((await api.db.company.findUniqueOrThrow({ where: { id: theirs.company.id } })).defaultCountry).toBe('NO');
      // A company the caller is not a member of cannot be named.
      const elsewhere = await api.call('POST', '/api/customerSettings/defaultCountry', {
        token: mine.admin.token,
        customerId: theirs.company.id,
        body: { value: 'SE' },
      });
      expect(elsewhere.status).toBe(403);
      expect((await api.db.company.findUniqueOrThrow({ where: { id: theirs.company.id } })).defaultCountry).toBe('NO');
    });

    it('is for admins: a member gets 403, no session 401', async () => {
      const { member } = await company();
      expect((await api.call('GET', '/api/customerSettings', { token: member.token })).status).toBe(403);
      expect((await change(member.token, 'alertSoundLocked', true)).status).toBe(403);
      expect((await api.call('GET', '/api/customerSettings', {})).status).toBe(401);
      expect((await api.call('POST', '/api/customerSettings/alertSoundLocked', { body: { value: true } })).status).toBe(
        401,
      );
    });
  });

  describe('extra seats: GET and PUT /api/customer/seats', () => {
    it('shows plan, seats and in use; the owner changes the extra seats, recorded with who and when', async () => {
      const { company: created, owner, admin } = await company();
      const before = await api.call('GET', '/api/customer/seats', { token: admin.token });
      expect(before.body).toEqual({
        plan: 'professional',
        includedSeats: 50,
        extraSeats: 0,
        inUse: 3,
        maxUsers: 50,
        changes: [],
      });
      const added = await api.call('PUT', '/api/customer/seats', { token: owner.token, body: { extraSeats: 25 } });
      expect(added.status).toBe(200);
      expect(added.body).toMatchObject({ extraSeats: 25, maxUsers: 75 });
      expect(added.body.changes).toEqual([
        { at: expect.any(String), by: { userId: owner.user.id, name: 'Olga Owner' }, from: 0, to: 25 },
      ]);
      await api.call('PUT', '/api/customer/seats', { token: owner.token, body: { extraSeats: 10 } });
      const after = await api.call('GET', '/api/customer/seats', { token: admin.token });
      expect(after.body.changes.map((entry: { from: number; to: number }) => [entry.from, entry.to])).toEqual([
        [25, 10],
        [0, 25],
      ]);
      expect((await api.db.company.findUniqueOrThrow({ where: { id: created.id } })).extraSeats).toBe(10);
    });

    it('enforces the new number when members are added, and never goes below the members', async () => {
      const { company: created, owner, admin } = await company();
      await api.db.company.update({ where: { id: created.id }, data: { includedSeats: 3 } });
      let serial = 0;
      const addMember = () => {
        serial += 1;
        const email = `seat-${Date.now().toString(36)}-${serial}@example.test`;
        const phone = uniquePhone();
        return api.call('POST', '/api/accounts', {
          token: admin.token,
          body: { users: [{ name: `New Person ${serial}`, email, phone }] },
        });
      };
      const refused = await addMember();
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('seatLimit');
      await api.call('PUT', '/api/customer/seats', { token: owner.token, body: { extraSeats: 1 } });
      expect((await addMember()).status).toBe(200);
      expect((await addMember()).body.code).toBe('seatLimit');
      // Four members on three included seats: one extra seat at least.
      const tooFew = await api.call('PUT', '/api/customer/seats', { token: owner.token, body: { extraSeats: 0 } });
      expect(tooFew.status).toBe(400);
      expect(tooFew.body).toMatchObject({
        code: 'seatsInUse',
        minimum: 1,
        errors: ['The company has 4 members, so it needs at least 1 extra seats'],
      });
    });

    it('checks the number, the role, the plan and the session', async () => {
      const { owner, admin, member } = await company();
      for (const extraSeats of [-1, 1.5, '3', 100_001, null]) {
        const answer = await api.call('PUT', '/api/customer/seats', { token: owner.token, body: { extraSeats } });
        expect({ extraSeats, status: answer.status }).toEqual({ extraSeats, status: 400 });
      }
      expect(
        (await api.call('PUT', '/api/customer/seats', { token: admin.token, body: { extraSeats: 5 } })).status,
      ).toBe(403);
      expect((await api.call('GET', '/api/customer/seats', { token: member.token })).status).toBe(403);
      expect((await api.call('GET', '/api/customer/seats', {})).status).toBe(401);
      const free = await company('free');
      const onFree = await api.call('PUT', '/api/customer/seats', { token: free.owner.token, body: { extraSeats: 5 } });
      expect(onFree.status).toBe(403);
      expect(onFree.body.errors).toEqual(['Your plan does not include this. Upgrade to use it']);
      expect((await api.call('GET', '/api/customer/seats', { token: free.admin.token })).body).toMatchObject({
        plan: 'free',
        maxUsers: 5,
      });
    });
  });
});
