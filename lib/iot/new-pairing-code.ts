import { env } from '@/lib/env';
import { publicUrlProblem } from '@/lib/http-parts/public-url';
import { redis } from '@/lib/redis';
import { newIotCode, PAIRING_CODE_TTL_MS, pairingKey } from './iot-code';
import { IOT_EVENTS_PATH } from './iot-events-path';

/**
 * GET /api/iotDevices/code: a fresh code, shown this once. Only its hash is remembered (an hour, for this company), so
 * that creating a button or regenerating its code takes only a code the server made, never one the client chose. With
 * it, the events URL the hub posts to on PUBLIC_URL (null without one: the screen uses its own address), and what keeps a
 * hub from reaching that address (publicUrlProblem; null when nothing), which the screen warns of.
 */
export async function newPairingCode(ctx: { company: { id: string } }) {
  const { code, codeHash, codePrefix } = newIotCode();
  await redis().set(pairingKey(ctx.company.id, codeHash), '1', 'PX', PAIRING_CODE_TTL_MS);
  const eventsUrl = env.PUBLIC_URL ? new URL(IOT_EVENTS_PATH, env.PUBLIC_URL).href : null;
  return { code, codePrefix, eventsUrl, publicUrlProblem: publicUrlProblem() };
}
