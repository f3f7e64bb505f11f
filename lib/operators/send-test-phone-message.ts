import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError } from '@/lib/api-error';
import type { DbClient } from '@/lib/db';
import { required } from '@/lib/env';
import { messageTranslator } from '@/lib/i18n/message-translator';
import { recordAlertMessages } from '@/lib/providers/outbox/record-alert-messages';
import { callBacklogMs, reserveCallSlot } from '@/lib/providers/twilio/call-pacing';
import { twilioClient, twilioConfigured } from '@/lib/providers/twilio/twilio-client';
import { defaultSpeaker, testCallTwiml } from '@/lib/voice/test-call-twiml';
import { answerOf, type ProviderAnswer } from './channel-test-answer';

/**
 * Longest a test call waits for its slot in the account's calls per second (call-pacing.ts). Past it, the calls of an
 * alert are being placed: the test would wait behind them, so it is refused instead of holding the operator's request.
 */
const MAX_CALL_WAIT_MS = 10_000;

export interface TestPhoneMessage {
  channel: 'sms' | 'call';
  /** E.164. */
  to: string;
  /** The language of the text (a product locale). */
  locale: string;
  /** Names the outbox record, when only the outbox takes it. */
  testId: string;
}

/** Twilio's refusal (RestException: the HTTP status, its error code and words), or the failure of the request. */
function twilioRefusal(recipient: string, error: unknown): ProviderAnswer {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return answerOf({
    provider: 'twilio',
    recipient,
    outcome: 'failed',
    errorCode: typeof code === 'number' || typeof code === 'string' ? String(code) : null,
    errorMessage: typeof message === 'string' && message ? message : String(error),
  });
}

/** Waits for the account's next call slot, as alert calls do (lib/delivery/phone-senders.ts); 429 when it is far off. */
async function waitForCallSlot(): Promise<void> {
  const backlog = await callBacklogMs();
  if (backlog > MAX_CALL_WAIT_MS) {
    const seconds = Math.ceil(backlog / 1000);
    throw ApiError.tooManyRequests(
      `Calls of an alert are being placed for ${seconds} more seconds at the account's pace. Try the test call then`,
      seconds,
    ).with({ code: 'callsBusy', secondsRemaining: seconds });
  }
  await sleep(await reserveCallSlot());
}

async function sendByTwilio(message: TestPhoneMessage, text: string, language: string): Promise<ProviderAnswer> {
  const { to } = message;
  try {
    if (message.channel === 'sms') {
      const sent = await twilioClient().messages.create({ to, from: required('TWILIO_FROM_NUMBER'), body: text });
      return answerOf({ provider: 'twilio', recipient: to, outcome: 'sent', id: sent.sid, status: sent.status });
    }
    await waitForCallSlot();
    const placed = await twilioClient().calls.create({
      to,
      from: required('TWILIO_FROM_NUMBER'),
      twiml: testCallTwiml(defaultSpeaker(language), text),
    });
    return answerOf({ provider: 'twilio', recipient: to, outcome: 'sent', id: placed.sid, status: placed.status });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    return twilioRefusal(to, error);
  }
}

/**
 * One test SMS, or one short call saying a test sentence in the operator's language, to `to` through Twilio: within
 * the account's request limit (twilio-client.ts) and, for a call, at the account's calls per second. Without Twilio,
 * recorded in the outbox as the product records any SMS or call then.
 */
export async function sendTestPhoneMessage(db: DbClient, message: TestPhoneMessage): Promise<ProviderAnswer> {
  const { language, t } = await messageTranslator(message.locale, 'operator.channelTest.texts');
  const text = t(message.channel);
  if (twilioConfigured()) return sendByTwilio(message, text, language);
  const deliveryKey = `channel-test-${message.testId}`;
  const recorded = await recordAlertMessages(db, [
    {
      deliveryKey,
      alertId: null,
      companyId: null,
      channel: message.channel === 'sms' ? 'sms' : 'voice',
      recipient: message.to,
      body: text,
      payload: { channelTest: message.testId },
    },
  ]);
  const id = recorded.get(deliveryKey) ?? null;
  return answerOf({
    provider: 'outbox',
    recipient: message.to,
    outcome: id ? 'recorded' : 'failed',
    id,
    reason: id ? null : 'outboxNotRecorded',
  });
}
