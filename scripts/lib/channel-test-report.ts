import type { ChannelTestAnswer, ProviderAnswer } from '@/lib/operators/channel-test-answer';
import type { DeliveryFailureCode } from '@/lib/providers/failure-reasons';
import { CommandReport } from './command-report';

/** `npm run operator -- test-channel`'s exit codes: the provider took it, refused it, or only the outbox has it. */
export const CHANNEL_TEST_EXIT = { sent: 0, failed: 1, recorded: 3 } as const;

const CHANNEL_NAMES = { sms: 'SMS', call: 'Call', email: 'E-mail', push: 'Push' } as const;
const OUTCOMES = { sent: 'sent', failed: 'refused', recorded: 'recorded in the outbox, nothing sent' } as const;
const REASONS = {
  noApp: 'no phone or browser that can receive push',
  noPushToken: 'the device is not registered for push',
  noPhone: 'no phone number',
  outboxNotRecorded: 'the outbox did not record it; try again',
  smsOptedOut: 'the person replied STOP to an SMS from this install',
  smsOptedOutTwilio: 'Twilio blocks SMS to this number: the person replied STOP (error 21610)',
} as const satisfies Record<DeliveryFailureCode, string>;

function answerLines(answer: ProviderAnswer): string[] {
  const details: [string, string | null][] = [
    ['id', answer.id],
    ['status', answer.status],
    ['error code', answer.errorCode],
    ['answer', answer.errorMessage],
    ['reason', answer.reason && REASONS[answer.reason]],
  ];
  return [
    `  ${answer.provider} -> ${answer.recipient}: ${OUTCOMES[answer.outcome]}`,
    ...details.filter(([, value]) => value).map(([label, value]) => `    ${label}: ${value}`),
  ];
}

/** The channel test's answer as lines for people, with the exit code of its outcome. */
export function channelTestReport(answer: ChannelTestAnswer): CommandReport {
  const lines = [
    `${CHANNEL_NAMES[answer.channel]} test${answer.to ? ` to ${answer.to}` : ''}: ${OUTCOMES[answer.outcome]}`,
    ...answer.answers.flatMap(answerLines),
  ];
  if (answer.noDevices)
    lines.push(
      'The account has no device that can receive push: sign in to Tocsin on a phone or in a browser, turn on alerts, and try again.',
    );
  if (answer.settingsToSend.length > 0)
    lines.push(`To send for real, set ${answer.settingsToSend.join(', ')} (see .env.example) and restart the server.`);
  return new CommandReport(answer, lines.join('\n'), CHANNEL_TEST_EXIT[answer.outcome]);
}
