import { describe, it, expect } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// Without Twilio or SMTP settings the reminder's e-mail and SMS go to the outbox: what would have gone out.
describe('POST /api/users/app-download-reminder', () => {
  const api = useApiTestContext({
    APP_STORE_URL: 'https://apps.example.test/tocsin',
    PLAY_STORE_URL: 'https://play.example.test/tocsin',
  });

  const outboxFor = (recipient: string) =>
    api.db.outboundMessage.findMany({ where: { recipient }, orderBy: { createdAt: 'asc' } });

  it('sends each chosen member an e-mail and an SMS with the store links, in their language', async () => {
    const company = await createCompany(api.db, { name: 'Fjord Energi' });
    const admin = await createMember(api.db, company.id, 'admin', 'Admin Person');
    const kari = await createMember(api.db, company.id, 'user', 'Kari Nordmann');
    const ann = await createMember(api.db, company.id, 'user', 'Ann Smith');
    await api.db.user.update({ where: { id: kari.user.id }, data: { locale: 'no-nb' } });
    await api.db.user.update({ where: { id: ann.user.id }, data: { phone: null } });

    const response = await api.call('POST', '/api/users/app-download-reminder', {
      token: admin.token,
      body: { userIds: [kari.user.id, ann.user.id, kari.user.id] },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ sent: 2 });

    const [kariEmail] = await outboxFor(kari.user.email);
    expect(kariEmail).toMatchObject({
      channel: 'email',
      companyId: company.id,
      subject: 'Installer Tocsin-appen for Fjord Energi',
    });
    expect(kariEmail.body).toContain('Admin Person');
    expect(kariEmail.body).toContain(`${api.server.url}/r`);
    expect(kariEmail.body).toContain('https://apps.example.test/tocsin');
    expect(kariEmail.body).toContain('https://play.example.test/tocsin');
    expect((kariEmail.payload as { html: string }).html).toContain('href="https://play.example.test/tocsin"');
    const kariSms = await outboxFor(kari.user.phone!);
    expect(kariSms).toHaveLength(1);
    expect(kariSms[0]).toMatchObject({ channel: 'sms', companyId: company.id });
    expect(kariSms[0].body).toBe(
      `Fjord Energi bruker Tocsin til å varsle deg i en nødsituasjon. Åpne ${api.server.url}/r på telefonen og logg inn med e-postadressen din, eller installer appen. iPhone: https://apps.example.test/tocsin Android: https://play.example.test/tocsin`,
    );

    const annMessages = await outboxFor(ann.user.email);
    expect(annMessages.map((m) => [m.channel, m.subject])).toEqual([
      ['email', 'Install the Tocsin app for Fjord Energi'],
    ]);
    expect(await api.db.outboundMessage.count({ where: { channel: 'sms', companyId: company.id } })).toBe(1);
  });

  it.each([
    [{}, 'userIds is required'],
    [{ userIds: [] }, 'userIds is required'],
    [{ userIds: ['not-an-id'] }, 'userIds.0 is not valid'],
  ])('answers 400 for %j', async (body, message) => {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    const response = await api.call('POST', '/api/users/app-download-reminder', { token: admin.token, body });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([message]);
  });

  it('refuses members who are not admins, and callers without a session', async () => {
    const company = await createCompany(api.db);
    const member = await createMember(api.db, company.id);
    const forbidden = await api.call('POST', '/api/users/app-download-reminder', {
      token: member.token,
      body: { userIds: [member.user.id] },
    });
    expect(forbidden.status).toBe(403);
    const anonymous = await api.call('POST', '/api/users/app-download-reminder', {
      body: { userIds: [member.user.id] },
    });
    expect(anonymous.status).toBe(401);
    expect(await outboxFor(member.user.email)).toEqual([]);
  });

  it("answers 404 and sends nothing when an id is another company's member or a removed member", async () => {
    const company = await createCompany(api.db);
    const other = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    const colleague = await createMember(api.db, company.id);
    const stranger = await createMember(api.db, other.id);
    const removed = await createMember(api.db, company.id);
    await api.db.membership.updateMany({ where: { userId: removed.user.id }, data: { deletedAt: new Date() } });

    for (const outsider of [stranger, removed]) {
      const response = await api.call('POST', '/api/users/app-download-reminder', {
        token: admin.token,
        body: { userIds: [colleague.user.id, outsider.user.id] },
      });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('userNotFound');
      expect(await outboxFor(outsider.user.email)).toEqual([]);
    }
    expect(await outboxFor(colleague.user.email)).toEqual([]);
  });
});
