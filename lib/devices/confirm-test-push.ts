import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { UserCtx } from '@/lib/context';
import type { deviceTestParams } from './device-body';

/**
 * The responder's service worker got the test push (send-test-push.ts): records when, on the device. Only the device's
 * latest test counts, so an old or made-up test id is unknown (404); the first confirmation of a test is kept.
 */
export async function confirmTestPush(ctx: UserCtx, input: z.output<typeof deviceTestParams>) {
  const test = { id: input.id, userId: ctx.userId, lastTestId: input.testId };
  const { count } = await ctx.db.device.updateMany({
    where: {
      ...test,
      OR: [{ lastTestReceivedAt: null }, { lastTestReceivedAt: { lt: ctx.db.device.fields.lastTestSentAt } }],
    },
    data: { lastTestReceivedAt: ctx.now },
  });
  if (count === 1) return { receivedAt: ctx.now.toISOString() };
  const device = await ctx.db.device.findFirst({ where: test, select: { lastTestReceivedAt: true } });
  if (!device?.lastTestReceivedAt) throw ApiError.notFound('The test');
  return { receivedAt: device.lastTestReceivedAt.toISOString() };
}
