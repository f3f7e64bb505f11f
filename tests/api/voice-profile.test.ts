import { describe, it, expect } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// The voice profile (issue 19, spec §3): GET/PUT /api/customer/voiceprofile — the voice and texts of alert calls.

describe('voice profile: GET and PUT /api/customer/voiceprofile', () => {
  const api = useApiTestContext();

  async function company(plan: 'free' | 'professional' | 'enterprise' = 'enterprise', language = 'en-us') {
    const created = await createCompany(api.db, { plan, name: `Nordic Dams ${plan}` });
    await api.db.company.update({ where: { id: created.id }, data: { language } });
    const admin = await createMember(api.db, created.id, 'admin', 'Ada Admin');
    const member = await createMember(api.db, created.id, 'user', 'Mats Member');
    return { company: created, admin, member };
  }

  const profile = {
    voiceId: 'Polly.Matthew',
    messageIntroduction: 'Nordic Dams control room calling.',
    messageCallConf: 'Press 1 when you have heard this.',
    messageKey1: 'Confirmed, thank you.',
  };
  const put = (token: string, body: unknown, customerId?: string) =>
    api.call('PUT', '/api/customer/voiceprofile', { token, body, customerId });

  it('answers the defaults of the company’s language until a profile is saved, with the fixed confirm key', async () => {
    const { admin, company: created } = await company('enterprise', 'no-nb');
    const answer = await api.call('GET', '/api/customer/voiceprofile', { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      voiceId: 'Polly.Liv',
      language: 'nb-NO',
      messageIntroduction: `Dette er et varsel fra ${created.name}.`,
      confirmKey: 'OK',
      conferenceText: null,
      customized: false,
      locale: 'no-nb',
      planIncludesVoice: true,
    });
    expect(answer.body.messageCallConf).toMatch(/1/);
    expect(answer.body.defaults).toEqual({
      voiceId: 'Polly.Liv',
      messageIntroduction: answer.body.messageIntroduction,
      messageCallConf: answer.body.messageCallConf,
      messageKey1: answer.body.messageKey1,
    });
  });

  it('saves the voice and texts (trimmed), answers the saved profile and records who changed it', async () => {
    const { admin, company: created } = await company();
    const saved = await put(admin.token, { ...profile, messageKey1: '  Confirmed, thank you.  ', confirmKey: 'OK' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...profile, language: 'en-US', customized: true, confirmKey: 'OK' });
    expect((await api.call('GET', '/api/customer/voiceprofile', { token: admin.token })).body).toMatchObject(profile);
    expect(await api.db.voiceProfile.findUniqueOrThrow({ where: { companyId: created.id } })).toMatchObject(profile);
    const audit = await api.db.auditLog.findFirstOrThrow({
      where: { companyId: created.id, action: 'voiceProfile.changed' },
    });
    expect(audit.actorId).toBe(admin.user.id);
    expect(audit.data).toMatchObject(profile);
    // A voice of another language is the voice's language, not the company's.
    const spanish = await put(admin.token, { ...profile, voiceId: 'Polly.Lucia' });
    expect(spanish.body).toMatchObject({ voiceId: 'Polly.Lucia', language: 'es-ES' });
  });

  it('refuses a voice calls cannot use, empty or too long texts and another confirm key (400, nothing saved)', async () => {
    const { admin, company: created } = await company();
    const refused = [
      { ...profile, voiceId: 'Polly.Nobody' },
      { ...profile, voiceId: 'alice' },
      { ...profile, messageIntroduction: '   ' },
      { ...profile, messageCallConf: 'x'.repeat(301) },
      { ...profile, messageKey1: undefined },
      { ...profile, confirmKey: '1' },
      { ...profile, messageIntroduction: 42 },
    ];
    for (const body of refused) {
      const answer = await put(admin.token, body);
      expect(answer.status).toBe(400);
      expect(answer.body.errors.length).toBeGreaterThan(0);
    }
    expect(await api.db.voiceProfile.count({ where: { companyId: created.id } })).toBe(0);
    expect((await put(admin.token, { ...profile, messageCallConf: 'x'.repeat(300) })).status).toBe(200);
  });

  it('needs a plan with voice calls to save (403 with the plan message); the profile can still be read', async () => {
    for (const plan of ['free', 'professional'] as const) {
      const { admin, company: created } = await company(plan);
      const answer = await put(admin.token, profile);
      expect(answer.status).toBe(403);
      expect(answer.body.errors[0]).toMatch(/plan/i);
      expect(await api.db.voiceProfile.count({ where: { companyId: created.id } })).toBe(0);
      const read = await api.call('GET', '/api/customer/voiceprofile', { token: admin.token });
      expect(read.status).toBe(200);
      expect(read.body.planIncludesVoice).toBe(false);
    }
  });

  it('is for admins of the company: member 403, another company 403, no session 401', async () => {
    const mine = await company();
    const theirs = await company();
    expect((await api.call('GET', '/api/customer/voiceprofile', { token: mine.member.token })).status).toBe(403);
    expect((await put(mine.member.token, profile)).status).toBe(403);
    expect((await put(mine.admin.token, profile, theirs.company.id)).status).toBe(403);
    expect(
      (await api.call('GET', '/api/customer/voiceprofile', { token: mine.admin.token, customerId: theirs.company.id }))
        .status,
    ).toBe(403);
    expect(await api.db.voiceProfile.count({ where: { companyId: theirs.company.id } })).toBe(0);
    expect((await api.call('GET', '/api/customer/voiceprofile', {})).status).toBe(401);
    expect((await api.call('PUT', '/api/customer/voiceprofile', { body: profile })).status).toBe(401);
    // Saving one company's profile leaves the other on its defaults.
    await put(mine.admin.token, profile);
    expect((await api.call('GET', '/api/customer/voiceprofile', { token: theirs.admin.token })).body.customized).toBe(
      false,
    );
  });
});
