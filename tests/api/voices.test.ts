import { describe, it, expect } from '@jest/globals';
import { HTML_LANG, LOCALES } from '@/lib/i18n/locales';
import { DEFAULT_VOICES } from '@/lib/voice/voice-rules';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// GET /api/voices (issue 19): the call voices of the company's language, or of ?language=.

describe('GET /api/voices', () => {
  const api = useApiTestContext();

  async function company(language = 'en-us') {
    const created = await createCompany(api.db);
    await api.db.company.update({ where: { id: created.id }, data: { language } });
    const admin = await createMember(api.db, created.id, 'admin');
    const member = await createMember(api.db, created.id, 'user');
    return { company: created, admin, member };
  }

  it.each(LOCALES)("answers the voices of the company's language %s, Polly's default among them", async (locale) => {
    const { admin } = await company(locale);
    const answer = await api.call('GET', '/api/voices', { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body.language).toBe(locale);
    expect(answer.body.voices.length).toBeGreaterThan(3);
    expect(answer.body.voices.every((voice: { language: string }) => voice.language === HTML_LANG[locale])).toBe(true);
    expect(answer.body.voices).toContainEqual(
      expect.objectContaining({ id: DEFAULT_VOICES[locale], provider: 'polly', neural: false }),
    );
    expect(new Set(answer.body.voices.map((voice: { gender: string }) => voice.gender))).toEqual(
      new Set(['female', 'male']),
    );
  });

  it('answers the voices of the language asked for, whatever the company speaks', async () => {
    const { admin } = await company('en-us');
    const answer = await api.call('GET', '/api/voices?language=sv-se', { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body.language).toBe('sv-se');
    expect(answer.body.voices).toContainEqual({
      id: 'Polly.Elin-Neural',
      name: 'Elin',
      language: 'sv-SE',
      gender: 'female',
      provider: 'polly',
      neural: true,
    });
    expect(answer.body.voices.some((voice: { id: string }) => voice.id === 'Polly.Joanna')).toBe(false);
  });

  it('refuses a language the product does not speak (400)', async () => {
    const { admin } = await company();
    for (const language of ['de-de', 'en-US', '']) {
      const answer = await api.call('GET', `/api/voices?language=${language}`, { token: admin.token });
      expect(answer.status).toBe(400);
      expect(answer.body.errors.length).toBeGreaterThan(0);
    }
  });

  it('is for admins: 403 for a member, 403 for another company, 401 without a session', async () => {
    const { member, company: own } = await company();
    expect((await api.call('GET', '/api/voices', { token: member.token })).status).toBe(403);
    const other = await company();
    const asOther = await api.call('GET', '/api/voices', { token: other.admin.token, customerId: own.id });
    expect(asOther.status).toBe(403);
    expect((await api.call('GET', '/api/voices')).status).toBe(401);
  });
});
