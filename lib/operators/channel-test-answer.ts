import type { DeliveryFailureCode } from '@/lib/providers/failure-reasons';

// What an operator's channel test (test-channel.ts) answers: each provider's answer as the provider gave it.

export type TestedChannel = 'sms' | 'call' | 'email' | 'push';

/** Where a test went: the channel's provider, or the outbox when none is configured for it (DESIGN §6). */
export type TestProvider = 'twilio' | 'smtp' | 'fcm' | 'webPush' | 'outbox';

/** One provider's answer to one message (push: one per device). */
export interface ProviderAnswer {
  provider: TestProvider;
  /** Whom it went to: the number, the address, or the device's name. */
  recipient: string;
  /** sent: the provider took it; failed: it refused (or did not answer); recorded: only the outbox has it. */
  outcome: 'sent' | 'failed' | 'recorded';
  /** The provider's id of the message: Twilio's SID, the SMTP message id, FCM's message name, Web Push's Location; the
   * outbox record's id. */
  id: string | null;
  /** The provider's status: Twilio's (queued), the SMTP server's response line, the push service's HTTP status. */
  status: string | null;
  /** The provider's error code: Twilio's (21211), the SMTP reply code (550), FCM's (messaging/...), an HTTP status. */
  errorCode: string | null;
  /** The provider's words about the refusal, as it gave them. */
  errorMessage: string | null;
  /** A reason of our own, shown translated (no provider answered): the outbox did not record it, say. */
  reason: DeliveryFailureCode | null;
}

export interface ChannelTestAnswer {
  channel: TestedChannel;
  /** The number or address as sent to (normalised), or null for push (the devices are named in the answers). */
  to: string | null;
  /** sent: every provider took it; failed: one refused, or (push) there was no device; recorded: only the outbox. */
  outcome: 'sent' | 'failed' | 'recorded';
  answers: ProviderAnswer[];
  /** Push only: the account has no device that can receive push (an app with a token, a browser with a subscription). */
  noDevices: boolean;
  /** When some of it only went to the outbox: the settings that make that part send (their names). */
  settingsToSend: string[];
}

/** The settings that make each kind of provider send instead of recording in the outbox (.env.example). */
export const PROVIDER_SETTINGS = {
  twilio: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'],
  smtp: ['SMTP_URL'],
  fcm: ['FCM_SERVICE_ACCOUNT'],
  webPush: ['WEB_PUSH_VAPID_PUBLIC_KEY', 'WEB_PUSH_VAPID_PRIVATE_KEY', 'WEB_PUSH_SUBJECT'],
} as const satisfies Record<Exclude<TestProvider, 'outbox'>, readonly string[]>;

export const answerOf = (
  fields: Pick<ProviderAnswer, 'provider' | 'recipient' | 'outcome'> & Partial<ProviderAnswer>,
): ProviderAnswer => ({ id: null, status: null, errorCode: null, errorMessage: null, reason: null, ...fields });

/** The test's outcome over its answers: failed when any failed (or none came), recorded when all only recorded. */
export function overallOutcome(answers: ProviderAnswer[]): ChannelTestAnswer['outcome'] {
  if (answers.length === 0 || answers.some((answer) => answer.outcome === 'failed')) return 'failed';
  return answers.every((answer) => answer.outcome === 'recorded') ? 'recorded' : 'sent';
}
