import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it, expect } from '@jest/globals';
import { MAX_VOICE_SAMPLE_TEXT } from '@/lib/voice/voice-catalogue';
import { useApiTestContext } from '../helpers/api-test-context';
import { readWav } from '../helpers/audio-files';
import { createCompany, createMember } from '../helpers/fixtures';

// GET /api/voices/getVoiceAudioSample/{voiceId}/{text} (issue 19) as `npm start` runs it, without Amazon Polly: every
// sample is spoken offline by eSpeak NG and kept in the storage (here the local driver's folder).

const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tocsin-voice-samples-'));
const api = useApiTestContext({ STORAGE_DRIVER: 'local', STORAGE_DIR: filesDir });

async function admin() {
  const company = await createCompany(api.db);
  return { company, ...(await createMember(api.db, company.id, 'admin')) };
}

function sample(token: string | undefined, voiceId: string, text: string, customerId?: string) {
  const headers: Record<string, string> = { 'X-Api-Version': '2.2' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (customerId) headers.CustomerId = customerId;
  const url = `${api.url}/api/voices/getVoiceAudioSample/${encodeURIComponent(voiceId)}/${encodeURIComponent(text)}`;
  return fetch(url, { headers });
}

const audioOf = async (answer: Response) => Buffer.from(await answer.arrayBuffer());

/** The company's stored samples (the local driver keeps `<dir>/<key>`). */
function storedSamples(companyId: string): string[] {
  const dir = path.join(filesDir, 'voice-samples', companyId);
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => path.join(dir, name)) : [];
}

describe('voice samples spoken offline (no Polly set up)', () => {
  it('answers a playable WAV of the text in the voice, spoken by eSpeak NG, cacheable for a day', async () => {
    const { token } = await admin();
    const answer = await sample(token, 'Polly.Joanna', 'This is an alert from Tocsin. Press 1 to confirm.');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('audio/wav');
    expect(answer.headers.get('x-voice-engine')).toBe('espeak-ng');
    expect(answer.headers.get('cache-control')).toBe('private, max-age=86400');
    const audio = await audioOf(answer);
    const wav = readWav(audio);
    expect(wav).toMatchObject({ audioFormat: 1, channels: 1, bitsPerSample: 16 });
    expect(wav.sampleRate).toBeGreaterThanOrEqual(16000);
    expect(wav.durationSeconds).toBeGreaterThan(0.3);
  });

  it('speaks every product language, female and male, and a longer text makes a longer file', async () => {
    const { token } = await admin();
    const texts: [string, string][] = [
      ['Polly.Lucia', 'Esta es una alerta de prueba.'],
      ['Polly.Enrique', 'Esta es una alerta de prueba.'],
      ['Polly.Liv', 'Dette er et prøvevarsel på norsk, med æ, ø og å.'],
      ['Polly.Mads', 'Dette er en prøvealarm.'],
      ['Polly.Astrid', 'Detta är ett provlarm.'],
      ['Google.sv-SE-Wavenet-G', 'Detta är ett provlarm.'],
    ];
    for (const [voiceId, text] of texts) {
      const answer = await sample(token, voiceId, text);
      expect({ voiceId, status: answer.status }).toEqual({ voiceId, status: 200 });
      expect(readWav(await audioOf(answer)).durationSeconds).toBeGreaterThan(0.3);
    }
    const female = readWav(await audioOf(await sample(token, 'Polly.Astrid', 'Detta är ett provlarm.')));
    const male = readWav(await audioOf(await sample(token, 'Google.sv-SE-Wavenet-G', 'Detta är ett provlarm.')));
    expect(female.durationSeconds).not.toBe(male.durationSeconds);

    const short = readWav(await audioOf(await sample(token, 'Polly.Joanna', 'Fire alarm.')));
    const long = readWav(
      await audioOf(await sample(token, 'Polly.Joanna', 'Fire alarm. Leave the building by the nearest exit now.')),
    );
    expect(long.durationSeconds).toBeGreaterThan(short.durationSeconds + 1);
  });

  it('speaks a sample once: it is stored, and the stored file is what later requests get', async () => {
    const { token, company } = await admin();
    const text = 'Gas leak in hall B';
    const first = await audioOf(await sample(token, 'Polly.Joanna', text));
    const stored = storedSamples(company.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/\/[0-9a-f]{64}\.wav$/);
    expect(fs.readFileSync(stored[0]).equals(first)).toBe(true);

    // Another file put in its place: a new synthesis would answer eSpeak's sound again, the cache answers this one.
    const standIn = Buffer.concat([first.subarray(0, 44), Buffer.alloc(first.length - 44, 0)]);
    fs.writeFileSync(stored[0], standIn);
    const again = await sample(token, 'Polly.Joanna', `  ${text}  `);
    expect(again.status).toBe(200);
    expect((await audioOf(again)).equals(standIn)).toBe(true);
    expect(storedSamples(company.id)).toHaveLength(1);

    // Another voice or text is another sample.
    await sample(token, 'Polly.Kendra', text);
    expect(storedSamples(company.id)).toHaveLength(2);
  });

  it('decodes the text from the path: slashes, question marks, percent signs and letters beyond ASCII', async () => {
    const { token, company } = await admin();
    const answer = await sample(token, 'Polly.Naja', 'Brand i bygning 2/3? 100% evakuering, æøå!');
    expect(answer.status).toBe(200);
    expect(readWav(await audioOf(answer)).durationSeconds).toBeGreaterThan(1);
    expect(storedSamples(company.id)).toHaveLength(1);
  });

  it('refuses an unknown voice (404) and an empty or too long text (400)', async () => {
    const { token } = await admin();
    const unknown = await sample(token, 'Polly.Nobody', 'Hello');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).errors).toEqual(['The voice was not found']);
    expect((await sample(token, 'Polly.Joanna', '   ')).status).toBe(400);
    expect((await sample(token, 'Polly.Joanna', 'a'.repeat(MAX_VOICE_SAMPLE_TEXT + 1))).status).toBe(400);
    const longest = await sample(
      token,
      'Polly.Joanna',
      `${'Evacuate. '.repeat(99)}Now.`.slice(0, MAX_VOICE_SAMPLE_TEXT),
    );
    expect(longest.status).toBe(200);
  });

  it('is for admins: 403 for a member and for another company, 401 without a session', async () => {
    const { company } = await admin();
    const member = await createMember(api.db, company.id, 'user');
    expect((await sample(member.token, 'Polly.Joanna', 'Hello')).status).toBe(403);
    const other = await admin();
    expect((await sample(other.token, 'Polly.Joanna', 'Hello', company.id)).status).toBe(403);
    expect((await sample(undefined, 'Polly.Joanna', 'Hello')).status).toBe(401);
    expect(storedSamples(company.id)).toHaveLength(0);
  });
});
