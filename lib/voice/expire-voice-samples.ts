import { DAY_MS } from '@/lib/clock';
import type { Db } from '@/lib/db';
import { VOICE_SAMPLE_MAX_AGE_DAYS, voiceSampleCache } from './voice-sample-cache';

/**
 * The maintenance job `expire-voice-samples` (hourly): removes the voice samples no one has played for 30 days, of every
 * company (deleted ones too), and the files an earlier removal left behind. The database is not used.
 */
export async function expireVoiceSamples(_client: Db, now: Date): Promise<number> {
  return voiceSampleCache().expire(new Date(now.getTime() - VOICE_SAMPLE_MAX_AGE_DAYS * DAY_MS));
}
