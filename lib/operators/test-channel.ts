import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { recordAudit } from '@/lib/audit/record-audit';
import { emailAddress } from '@/lib/auth/email-address';
import type { OperatorCtx } from '@/lib/context';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { assertSupportedDialCode, phoneNumber } from '@/lib/phone/phone-number';
import { takeAllowance, THROTTLES } from '@/lib/throttle/take-allowance';
import { overallOutcome, PROVIDER_SETTINGS, type ChannelTestAnswer, type ProviderAnswer } from './channel-test-answer';
import { sendTestEmail } from './send-test-email';
import { sendTestPhoneMessage } from './send-test-phone-message';
import { sendTestPushes } from './send-test-pushes';

export const testChannelBody = z.discriminatedUnion('channel', [
  z
    .object({
      channel: z.enum(['sms', 'call']),
      /** International form (+ or 00 and the dial code), normalised to E.164; one of the product's dial codes. */
      to: phoneNumber,
    })
    .strict(),
  z.object({ channel: z.literal('email'), to: emailAddress }).strict(),
  /** Push has no address to type: it goes to the operator's own devices (their app and browsers). */
  z.object({ channel: z.literal('push') }).strict(),
]);

/**
 * The command's extras (scripts/lib/channel-test-command.ts), which has no operator account: whose devices a test push
 * goes to (the account's e-mail), and the language of the texts (else the operator's own).
 */
type Input = z.output<typeof testChannelBody> & { account?: string; language?: string };

/** The account whose devices a test push goes to: the operator's own, or (the command) the one it names. */
async function pushAccountId(ctx: OperatorCtx, account: string | undefined): Promise<string> {
  if (account === undefined) {
    if (ctx.userId) return ctx.userId;
    throw ApiError.badRequest('Give the e-mail of the account whose devices get the test push');
  }
  const user = await ctx.db.user.findUnique({ where: { email: account }, select: { id: true } });
  if (!user) throw ApiError.notFound('The account');
  return user.id;
}

async function operatorLocale(ctx: OperatorCtx): Promise<string> {
  if (!ctx.userId) return DEFAULT_LOCALE;
  const user = await ctx.db.user.findUnique({ where: { id: ctx.userId }, select: { locale: true } });
  return user?.locale ?? DEFAULT_LOCALE;
}

/** One message's answer, and the settings that would make it send when only the outbox took it. */
function single(answer: ProviderAnswer, provider: 'twilio' | 'smtp') {
  return { answers: [answer], settingsToSend: answer.provider === 'outbox' ? [...PROVIDER_SETTINGS[provider]] : [] };
}

async function send(
  ctx: OperatorCtx,
  input: Input,
  { locale, testId, pushTo }: { locale: string; testId: string; pushTo: string | null },
): Promise<{ answers: ProviderAnswer[]; settingsToSend: string[] }> {
  switch (input.channel) {
    case 'email':
      return single(await sendTestEmail(ctx.db, { to: input.to, locale }), 'smtp');
    case 'push':
      return (
        (await sendTestPushes(ctx.db, { userId: pushTo as string, testId })) ?? { answers: [], settingsToSend: [] }
      );
    default:
      return single(await sendTestPhoneMessage(ctx.db, { ...input, locale, testId }), 'twilio');
  }
}

/**
 * "Test a channel" (issue 35, item 4; POST /api/operator/channelTests, `npm run operator -- test-channel`): one test
 * SMS, call or e-mail to the number or address the operator gives, or a test push to the operator's own devices, sent
 * now through the configured provider, and the provider's answer as it gave it (ids, status, error code and words).
 * A channel without a provider records the test in the outbox, as the product does with every message then, and the
 * answer says so and names the settings that make it send. At most a few a minute per operator (429 `throttled`);
 * every test is audited (no company; the operator as actor, none for the command).
 */
export async function testChannel(ctx: OperatorCtx, input: Input): Promise<ChannelTestAnswer> {
  if (input.channel === 'sms' || input.channel === 'call') assertSupportedDialCode(input.to);
  const pushTo = input.channel === 'push' ? await pushAccountId(ctx, input.account) : null;
  if (ctx.userId) await takeAllowance([{ rule: THROTTLES.channelTests, subject: ctx.userId }]);
  const locale = input.language ?? (await operatorLocale(ctx));
  const testId = randomUUID();

  const { answers, settingsToSend } = await send(ctx, input, { locale, testId, pushTo });
  const answer: ChannelTestAnswer = {
    channel: input.channel,
    to: input.channel === 'push' ? null : input.to,
    outcome: overallOutcome(answers),
    answers,
    noDevices: input.channel === 'push' && answers.length === 0,
    settingsToSend,
  };
  await recordAudit(ctx.db, {
    companyId: null,
    actorId: ctx.userId,
    action: 'channelTested',
    entityType: 'ChannelTest',
    entityId: testId,
    data: {
      channel: input.channel,
      to: answer.to,
      ...(pushTo ? { account: pushTo } : {}),
      outcome: answer.outcome,
      answers: answers.map(({ provider, recipient, outcome, id, errorCode }) => ({
        provider,
        recipient,
        outcome,
        id,
        errorCode,
      })),
    },
    createdAt: ctx.now,
  });
  return answer;
}
