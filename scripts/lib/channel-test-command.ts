import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { emailAddress } from '@/lib/auth/email-address';
import type { OperatorCtx } from '@/lib/context';
import { env } from '@/lib/env';
import { validationMessages } from '@/lib/http-parts/validation-messages';
import { LOCALES } from '@/lib/i18n/locales';
import { testChannel, testChannelBody } from '@/lib/operators/test-channel';
import { fcmConfigured, webPushConfigured } from '@/lib/providers/push/push-config';
import { twilioConfigured } from '@/lib/providers/twilio/twilio-client';
import { channelTestReport } from './channel-test-report';
import type { CommandReport } from './command-report';

/** Whose devices a test push goes to: the command has no operator account of its own. */
const pushAccount = z.object({ account: emailAddress });
const language = z.enum(LOCALES).optional();

/** `value` as `schema` reads it, or a 400 with the API's messages (the command prints them, exit code 2). */
function read<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw ApiError.badRequest(...validationMessages(result.error, value));
  return result.data;
}

/**
 * `npm run operator -- test-channel <channel> <to>`: testChannel with no operator account, so a push goes to the
 * devices of the account whose e-mail is given. It sends with this shell's settings (the compose file's web container
 * has the server's); Twilio's request limits and the push providers' counters are shared through Redis, so those
 * need REDIS_URL (`npm start`'s embedded one is in .data/redis-url while it runs).
 */
export async function channelTestCommand(
  ctx: OperatorCtx,
  args: { channel?: string; to?: string; language?: string },
): Promise<CommandReport> {
  const input =
    args.channel === 'push'
      ? { channel: 'push' as const, ...read(pushAccount, { account: args.to }) }
      : read(testChannelBody, { channel: args.channel, to: args.to });
  const sendsThroughRedis =
    input.channel === 'push' ? fcmConfigured() || webPushConfigured() : input.channel !== 'email' && twilioConfigured();
  if (sendsThroughRedis && !env.REDIS_URL) {
    throw ApiError.badRequest(
      'Set REDIS_URL: the providers\u2019 limits are shared through Redis (with `npm start`, REDIS_URL=$(cat .data/redis-url))',
    );
  }
  const answer = await testChannel(ctx, { ...input, language: read(language, args.language) });
  return channelTestReport(answer);
}
