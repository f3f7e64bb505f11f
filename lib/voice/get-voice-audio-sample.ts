import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import type { SpokenAudio } from '@/lib/http-parts/answers';
import { logger } from '@/lib/logger';
import { storage } from '@/lib/providers/storage/storage';
import { processSingleton } from '@/lib/singleton';
import { takeAllowance, THROTTLES } from '@/lib/throttle/take-allowance';
import { speakOffline } from './speak-offline';
import { isPollyConfigured, speakWithPolly } from './speak-with-polly';
import { findCallVoice, MAX_VOICE_SAMPLE_TEXT, type CallVoice } from './voice-catalogue';
import { voiceSampleCache, voiceSampleKey } from './voice-sample-cache';

export const voiceSampleParams = z.object({
  voiceId: z.string(),
  text: z.string().trim().min(1).max(MAX_VOICE_SAMPLE_TEXT),
});

type Engine = SpokenAudio['engine'];

const AUDIO: Record<Engine, { contentType: SpokenAudio['contentType']; extension: string }> = {
  polly: { contentType: 'audio/mpeg', extension: 'mp3' },
  'espeak-ng': { contentType: 'audio/wav', extension: 'wav' },
};

/** Samples being spoken in this process, by storage key: a second request for the same one waits for it. */
const speaking = processSingleton('voice-samples-speaking', () => new Map<string, Promise<Uint8Array>>());

async function speak(engine: Engine, voice: CallVoice, text: string): Promise<Uint8Array> {
  if (engine === 'espeak-ng') return speakOffline(voice, text);
  try {
    return await speakWithPolly(voice, text);
  } catch (error) {
    logger.warn('Amazon Polly did not speak a voice sample', { voiceId: voice.id, error });
    throw new ApiError(502, ['Amazon Polly could not speak the sample']).with({ code: 'speechFailed' });
  }
}

/**
 * The sample made by `make`, once: a request for a sample being made in this process waits for it for free; a new one
 * counts against the company's allowance (given back when making it fails).
 */
async function makeOnce(key: string, companyId: string, make: () => Promise<Uint8Array>): Promise<Uint8Array> {
  const inProgress = speaking.get();
  const joined = inProgress.get(key);
  if (joined) return joined;
  const allowance = await takeAllowance([{ rule: THROTTLES.voiceSamples, subject: companyId }]);
  // Another request may have started the same sample while the allowance was counted: that one serves both.
  const started = inProgress.get(key);
  if (started) {
    await allowance.giveBack();
    return started;
  }
  const made = make();
  inProgress.set(key, made);
  try {
    return await made;
  } catch (error) {
    await allowance.giveBack();
    throw error;
  } finally {
    inProgress.delete(key);
  }
}

/**
 * A voice saying a text, for the voice screen's preview: Amazon Polly for Polly voices when it is set up, else eSpeak NG
 * offline. Each sample is spoken once and kept in storage under the company, the engine, the voice and the text, in a
 * cache with bounds (voice-sample-cache.ts): storing or playing one may remove the least recently played ones.
 */
export async function getVoiceAudioSample(
  ctx: Ctx,
  { voiceId, text }: z.output<typeof voiceSampleParams>,
): Promise<SpokenAudio> {
  const voice = findCallVoice(voiceId);
  if (!voice) throw ApiError.notFound('The voice');
  const engine: Engine = voice.provider === 'polly' && isPollyConfigured() ? 'polly' : 'espeak-ng';
  const { contentType, extension } = AUDIO[engine];
  const hash = createHash('sha256')
    .update(JSON.stringify([engine, voice.id, text]))
    .digest('hex');
  const key = voiceSampleKey(ctx.company.id, hash, extension);

  const stored = await storage().read(key);
  if (stored) {
    await markPlayed(key, ctx.company.id, stored.bytes.byteLength, ctx.now);
    return { audio: stored.bytes, contentType, engine };
  }
  const audio = await makeOnce(key, ctx.company.id, async () => {
    const spoken = await speak(engine, voice, text);
    // Counted before it is stored: a process stopped in between leaves an entry without a file (harmless), never a file
    // the cache does not know.
    await voiceSampleCache().use(key, ctx.company.id, spoken.byteLength, ctx.now);
    await storage().put(key, contentType, spoken);
    return spoken;
  });
  return { audio, contentType, engine };
}

/** A stored sample played again is the most recently used; when Redis does not answer, the preview still plays. */
async function markPlayed(key: string, companyId: string, size: number, at: Date): Promise<void> {
  try {
    await voiceSampleCache().use(key, companyId, size, at);
  } catch (error) {
    logger.warn('A played voice sample could not be marked as used', { key, error });
  }
}
