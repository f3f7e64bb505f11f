import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { CALL_VOICES } from '@/lib/voice/voice-catalogue';
import { useApiTestContext } from '../helpers/api-test-context';
import { readMp3, readWav } from '../helpers/audio-files';
import { startFakePolly, type FakePolly } from '../helpers/fake-polly';
import { createCompany, createMember } from '../helpers/fixtures';

// Voice samples with Amazon Polly set up (POLLY_*), against a stand-in of Polly's SynthesizeSpeech that checks SigV4
// and validates like Polly. voice-samples.test.ts covers the default, without Polly.

let polly: FakePolly;
beforeAll(async () => {
  polly = await startFakePolly({ region: 'eu-west-1' });
});
afterAll(async () => {
  await polly?.stop();
});

const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tocsin-voice-samples-polly-'));
const api = useApiTestContext(() => ({
  STORAGE_DRIVER: 'local',
  STORAGE_DIR: filesDir,
  POLLY_REGION: polly.region,
  POLLY_ACCESS_KEY_ID: polly.accessKeyId,
  POLLY_SECRET_ACCESS_KEY: polly.secretAccessKey,
  POLLY_ENDPOINT: polly.url,
}));

async function admin() {
  const company = await createCompany(api.db);
  return { company, ...(await createMember(api.db, company.id, 'admin')) };
}

function sample(token: string, voiceId: string, text: string) {
  const url = `${api.url}/api/voices/getVoiceAudioSample/${encodeURIComponent(voiceId)}/${encodeURIComponent(text)}`;
  return fetch(url, { headers: { Authorization: `Bearer ${token}`, 'X-Api-Version': '2.2' } });
}

const audioOf = async (answer: Response) => Buffer.from(await answer.arrayBuffer());

describe('voice samples spoken by Amazon Polly', () => {
  it('asks Polly (signed, standard engine, MP3) and answers its MPEG audio', async () => {
    const { token } = await admin();
    const text = 'This is an alert from Tocsin. Press 1 to confirm.';
    const answer = await sample(token, 'Polly.Joanna', text);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('audio/mpeg');
    expect(answer.headers.get('x-voice-engine')).toBe('polly');
    expect(answer.headers.get('cache-control')).toBe('private, max-age=86400');
    const mp3 = readMp3(await audioOf(answer));
    expect(mp3).toMatchObject({ version: 2, layer: 3, sampleRate: 22050 });
    expect(mp3.durationSeconds).toBeGreaterThan(0.3);

    expect(polly.requests.at(-1)).toMatchObject({
      VoiceId: 'Joanna',
      Engine: 'standard',
      LanguageCode: 'en-US',
      OutputFormat: 'mp3',
      TextType: 'text',
      Text: text,
    });
    expect(polly.requests.at(-1)?.authorization).toMatch(
      new RegExp(`^AWS4-HMAC-SHA256 Credential=${polly.accessKeyId}/\\d{8}/eu-west-1/polly/aws4_request, `),
    );
  });

  it('speaks the text as typed: the path is decoded once (slashes, question marks, percent signs, æøå)', async () => {
    const { token } = await admin();
    const text = 'Brann i bygg 2/3? 100% evakuering, %2F er ikke en skråstrek. Æøå!';
    expect((await sample(token, 'Polly.Liv', `  ${text} `)).status).toBe(200);
    expect(polly.requests.at(-1)).toMatchObject({
      VoiceId: 'Liv',
      Engine: 'standard',
      LanguageCode: 'nb-NO',
      Text: text,
    });
  });

  it('uses the neural engine for a -Neural voice', async () => {
    const { token } = await admin();
    const answer = await sample(token, 'Polly.Ida-Neural', 'Dette er et varsel.');
    expect(answer.status).toBe(200);
    expect(readMp3(await audioOf(answer)).sampleRate).toBe(24000);
    expect(polly.requests.at(-1)).toMatchObject({ VoiceId: 'Ida', Engine: 'neural', LanguageCode: 'nb-NO' });
  });

  it('speaks Google voices offline, Polly being unable to', async () => {
    const { token } = await admin();
    const before = polly.requests.length;
    const answer = await sample(token, 'Google.da-DK-Standard-G', 'Dette er en alarm.');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('audio/wav');
    expect(answer.headers.get('x-voice-engine')).toBe('espeak-ng');
    expect(readWav(await audioOf(answer)).durationSeconds).toBeGreaterThan(0.3);
    expect(polly.requests.length).toBe(before);
  });

  it('asks Polly once for a sample: again later, or twice at the same time, costs no request', async () => {
    const { token } = await admin();
    const before = polly.requests.length;
    const [first, second] = await Promise.all([
      sample(token, 'Polly.Matthew-Neural', 'Flood warning'),
      sample(token, 'Polly.Matthew-Neural', 'Flood warning'),
    ]);
    const [firstAudio, secondAudio] = [await audioOf(first), await audioOf(second)];
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(secondAudio.equals(firstAudio)).toBe(true);
    expect(polly.requests.length).toBe(before + 1);

    const later = await sample(token, 'Polly.Matthew-Neural', ' Flood warning ');
    expect((await audioOf(later)).equals(firstAudio)).toBe(true);
    expect(polly.requests.length).toBe(before + 1);
  });

  it('takes every Polly voice of the catalogue with the engine Polly has for it', async () => {
    const { token } = await admin();
    for (const voice of CALL_VOICES.filter(({ provider }) => provider === 'polly')) {
      const answer = await sample(token, voice.id, `${voice.name} speaking`);
      expect({ id: voice.id, status: answer.status }).toEqual({ id: voice.id, status: 200 });
      await answer.arrayBuffer();
    }
  });

  it("answers 502 when Polly refuses, keeps nothing, and does not count it against the company's allowance", async () => {
    const { token, company } = await admin();
    // Our text limit keeps requests within Polly's own checks: a revoked key pair provokes a refusal (403).
    const original = polly.accessKeyId;
    polly.accessKeyId = 'another-key';
    const refused = await sample(token, 'Polly.Joanna', 'Refused by Polly');
    polly.accessKeyId = original;
    expect(refused.status).toBe(502);
    expect(await refused.json()).toMatchObject({
      errors: ['Amazon Polly could not speak the sample'],
      code: 'speechFailed',
    });
    expect(fs.existsSync(path.join(filesDir, 'voice-samples', company.id))).toBe(false);
    expect(polly.log.at(-1)).toBe('POST /v1/speech -> 403');
    expect((await sample(token, 'Polly.Joanna', 'Refused by Polly')).status).toBe(200);
  });

  it('speaks at most 60 new samples a company an hour; samples already made stay free', async () => {
    const { token } = await admin();
    for (let i = 1; i <= 60; i++) {
      const answer = await sample(token, 'Polly.Salli', `Test ${i}`);
      expect({ i, status: answer.status }).toEqual({ i, status: 200 });
      await answer.arrayBuffer();
    }
    const refused = await sample(token, 'Polly.Salli', 'Test 61');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).code).toBe('throttled');
    expect((await sample(token, 'Polly.Salli', 'Test 7')).status).toBe(200);

    const other = await admin();
    expect((await sample(other.token, 'Polly.Salli', 'Test 61')).status).toBe(200);
  });
});
