import type { Channel } from '@/lib/generated/prisma/enums';
import { failureReasonParts } from '@/lib/providers/failure-reasons';
import type { CounterIncrement } from '@/lib/metrics/shared-counters';

/** A receipt as one delivery attempt left it (lib/delivery/record-outcomes.ts). */
export interface AttemptOutcome {
  state: 'sent' | 'recorded' | 'processing' | 'failed' | 'pending';
  providerId: string | null;
  error: string | null;
}

const OUTCOME_OF_STATE = {
  sent: 'sent',
  recorded: 'recorded',
  processing: 'inDoubt',
  failed: 'failed',
  pending: 'retry',
} as const;

const outcomeOf = ({ state }: AttemptOutcome) => OUTCOME_OF_STATE[state];

/** A failure in the provider's own words; our own codes (noPhone, noApp, ...) are no provider's error. */
const isProviderError = ({ state, error }: AttemptOutcome) =>
  (state === 'processing' || state === 'failed' || state === 'pending') &&
  error !== null &&
  failureReasonParts(error).some((part) => 'text' in part);

/** The counter increments of one batch of delivery attempts of a receipt group. */
export function deliveryOutcomeCounts(
  group: { channel: Channel; fallback: boolean },
  attempts: readonly AttemptOutcome[],
  unwanted: number,
): CounterIncrement[] {
  const byOutcome = new Map<string, number>();
  for (const attempt of attempts) byOutcome.set(outcomeOf(attempt), (byOutcome.get(outcomeOf(attempt)) ?? 0) + 1);
  if (unwanted > 0) byOutcome.set('unwanted', unwanted);
  const fallback = String(group.fallback);
  const providerErrors = attempts.filter(isProviderError).length;
  return [
    ...[...byOutcome].map(([outcome, by]): CounterIncrement => ({
      counter: 'deliveries',
      labels: { channel: group.channel, fallback, outcome },
      by,
    })),
    ...(providerErrors > 0
      ? [{ counter: 'providerErrors', labels: { channel: group.channel }, by: providerErrors } as const]
      : []),
  ];
}
