import type { z } from 'zod';
import type { Ctx } from '@/lib/context';
import { pushCapableDeviceSql } from '@/lib/devices/can-receive-push';
import { holdUntilCommit } from '@/lib/db/wait-for-commit';
import { env } from '@/lib/env';
import { Prisma } from '@/lib/generated/prisma/client';
import { enqueue, POSITIONING_JOBS } from '@/lib/queue';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';
import { resolveRecipients } from '@/lib/targeting/resolve-recipients';
import { assertKnownTargets, assertTargetChosen } from '@/lib/targeting/validate-target';
import type { requestPositionsBody } from './positioning-body';
import { getPositioning } from './get-positioning';
import { positioningWriteKey } from './send-positioning-requests';

/**
 * An admin asks for the positions of the people a target picks, with a reason that is always logged (issue 17). The
 * resolver of alerts picks them; with an area, those whose last known position lies outside it are recorded `outOfTarget`
 * and not asked. Every device of the others that can receive push gets a data push (a job) and has
 * POSITIONING_ANSWER_SECONDS to answer; a person without such a device is `notReached` at once. The jobs are queued
 * inside the transaction (the positioning is never written without them); the request job waits for it to end.
 */
export async function requestPositions(ctx: Ctx, input: z.output<typeof requestPositionsBody>) {
  assertTargetChosen(input.target);
  await assertKnownTargets(ctx.db, ctx, input.target);
  const answerBy = new Date(ctx.now.getTime() + env.POSITIONING_ANSWER_SECONDS * 1000);
  const positioningId = await ctx.db.$transaction(async (tx) => {
    const positioning = await tx.positioning.create({
      data: {
        companyId: ctx.company.id,
        authorId: ctx.userId,
        reason: input.reason,
        target: input.target as unknown as Prisma.InputJsonValue,
        createdAt: ctx.now,
        answerBy,
      },
      select: { id: true },
    });
    const recipients = await resolveRecipients(tx, ctx, input.target);
    await tx.$executeRaw(Prisma.sql`
      INSERT INTO "PositioningResult" (id, "positioningId", "userId", "deviceId", state, "createdAt")
      SELECT gen_random_uuid(), ${positioning.id}::uuid, r."userId", asked.id,
        (CASE WHEN NOT r."inTarget" THEN 'outOfTarget' WHEN asked.id IS NULL THEN 'notReached' ELSE 'pending' END)::"PositioningResultState",
        ${ctx.now}
      FROM (${recipients}) r
      LEFT JOIN "Device" asked ON r."inTarget" AND asked."userId" = r."userId" AND ${pushCapableDeviceSql('asked')}`);
    await holdUntilCommit(tx, positioningWriteKey(positioning.id));
    await enqueue(POSITIONING_JOBS.request, { positioningId: positioning.id });
    await enqueue(
      POSITIONING_JOBS.close,
      { positioningId: positioning.id },
      { delay: env.POSITIONING_ANSWER_SECONDS * 1000 },
    );
    return positioning.id;
  });
  emitCompanyEvent('positioningChanged', ctx.company.id, { positioningId });
  return getPositioning(ctx, { id: positioningId });
}
