import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { UserCtx } from '@/lib/context';
import { sendPush } from '@/lib/providers/push/send-push';
import type { deviceIdParams } from './device-body';
import { findOwnDevice } from './find-own-device';
import { isOutboxProviderId } from '@/lib/providers/outbox/outbox-provider-id';

/** At most one test per device in this time, so that testing cannot be used to flood a device or a push service. */
export const TEST_PUSH_INTERVAL_MS = 10_000;

export interface TestPushAnswer {
  testId: string;
  /** Whether the push service (FCM, the browser's) took the push; the device confirms receipt on its own. */
  outcome: 'sent' | 'failed';
  /** Why not: `noPushToken`, `pushNotConfigured`, or the push service's answer. */
  reason: string | null;
}

function tooSoon(lastSentAt: Date | null, now: Date): ApiError {
  const waitMs = lastSentAt ? lastSentAt.getTime() + TEST_PUSH_INTERVAL_MS - now.getTime() : TEST_PUSH_INTERVAL_MS;
  const secondsRemaining = Math.min(TEST_PUSH_INTERVAL_MS / 1000, Math.max(1, Math.ceil(waitMs / 1000)));
  return ApiError.tooManyRequests(
    `A test was sent to this device less than ${TEST_PUSH_INTERVAL_MS / 1000} seconds ago. Wait ${secondsRemaining} second(s) to try again`,
    secondsRemaining,
  ).with({ code: 'testTooSoon', secondsRemaining });
}

/**
 * "Test my alerts" (issue 33): pushes a test to one of the caller's devices through the real drivers, now, and says
 * whether the push service took it. The test's id and time are stored on the device: only its latest test can be
 * confirmed (confirm-test-push.ts), and the time is the rate limit, taken by a conditional update so that of two tests
 * at once one goes. Only the outbox (no provider for this platform) is no delivery: `pushNotConfigured` (DESIGN §15).
 */
export async function sendTestPush(ctx: UserCtx, input: z.output<typeof deviceIdParams>): Promise<TestPushAnswer> {
  const device = await findOwnDevice(ctx, input.id);
  const testId = randomUUID();
  const { count } = await ctx.db.device.updateMany({
    where: {
      id: device.id,
      userId: ctx.userId,
      OR: [{ lastTestSentAt: null }, { lastTestSentAt: { lte: new Date(ctx.now.getTime() - TEST_PUSH_INTERVAL_MS) } }],
    },
    data: { lastTestId: testId, lastTestSentAt: ctx.now },
  });
  if (count === 0) throw tooSoon(device.lastTestSentAt, ctx.now);

  const [result] = await sendPush(ctx.db, [
    { device, test: { testId, companyId: ctx.company?.id ?? null, userId: ctx.userId } },
  ]);
  if (result.outcome === 'failed') return { testId, outcome: 'failed', reason: result.reason };
  if (isOutboxProviderId(result.providerId)) return { testId, outcome: 'failed', reason: 'pushNotConfigured' };
  return { testId, outcome: 'sent', reason: null };
}
