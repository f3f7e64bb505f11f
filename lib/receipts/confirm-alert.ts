import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import { positionBody } from '@/lib/devices/device-body';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';
import { statesBefore } from './receipt-transitions';

export const confirmAlertParams = z.object({ id: z.uuid() });
export const confirmAlertBody = z.object({ deviceId: z.uuid().nullish(), position: positionBody.nullish() });

type ConfirmInput = z.output<typeof confirmAlertParams> & z.output<typeof confirmAlertBody>;

/**
 * The app tells that the alert reached the person (`received`) or that they opened it (`seen`, which implies received).
 * The first time counts: a repeat changes nothing. A confirmed person gets no fallback SMS (the fallback looks at
 * receivedAt), and their push receipt moves forward only.
 */
export async function confirmAlert(ctx: Ctx, input: ConfirmInput, step: 'received' | 'seen') {
  const confirmed = await confirmReceipt(ctx, input, step);
  if (!confirmed) throw ApiError.notFound('The alert');
  emitCompanyEvent('alertChanged', ctx.company.id, { alertId: input.id });
  return {
    alertId: input.id,
    receivedAt: confirmed.receivedAt.toISOString(),
    seenAt: confirmed.seenAt?.toISOString() ?? null,
  };
}

/** 404 "The device was not found" for a device id that is not one of the caller's own devices. */
export async function assertOwnDevice(ctx: Ctx, deviceId: string | null | undefined): Promise<void> {
  if (
    deviceId &&
    !(await ctx.db.device.findFirst({ where: { id: deviceId, userId: ctx.userId }, select: { id: true } }))
  ) {
    throw ApiError.notFound('The device');
  }
}

/**
 * confirmAlert's change without its answer and event (an answer to the alert's response options confirms too): null when
 * the person is no alerted recipient of that alert in the company. 404 for a device that is not theirs.
 */
export async function confirmReceipt(
  ctx: Ctx,
  input: ConfirmInput,
  step: 'received' | 'seen',
): Promise<{ receivedAt: Date; seenAt: Date | null } | null> {
  await assertOwnDevice(ctx, input.deviceId);
  const deviceId = input.deviceId ?? null;
  const position = input.position ?? null;
  const seen = step === 'seen' ? ctx.now : null;
  // One statement (its CTEs change the rows together or not at all): thousands of apps confirm within a minute of a
  // large alert, and each round trip to the database is what such a burst waits on.
  const [confirmed] = await ctx.db.$queryRaw<{ receivedAt: Date; seenAt: Date | null }[]>`
    WITH recipient AS (
      UPDATE "AlertRecipient"
      SET "receivedAt" = coalesce("receivedAt", ${ctx.now}),
          "seenAt" = coalesce("seenAt", ${seen}::timestamptz),
          lat = coalesce(${position?.lat ?? null}::float8, lat),
          lng = coalesce(${position?.lng ?? null}::float8, lng)
      WHERE "alertId" = ${input.id}::uuid AND "userId" = ${ctx.userId}::uuid AND "companyId" = ${ctx.company.id}::uuid
        AND "inTarget"
      RETURNING "alertId", "userId", "receivedAt", "seenAt"
    ), receipt AS (
      UPDATE "Receipt" r
      SET state = ${step}::"ReceiptState", "receivedAt" = coalesce(r."receivedAt", ${ctx.now}),
          "deviceId" = coalesce(${deviceId}::uuid, r."deviceId"), "updatedAt" = ${ctx.now}
      FROM recipient
      WHERE r."alertId" = recipient."alertId" AND r."userId" = recipient."userId" AND r.channel = 'push'
        AND r.state = ANY(${statesBefore(step)}::"ReceiptState"[])
    ), position AS (
      INSERT INTO "Position" (id, "userId", "deviceId", lat, lng, accuracy, source, "recordedAt", "companyId")
      SELECT gen_random_uuid(), recipient."userId", ${deviceId}::uuid, ${position?.lat ?? null}::float8,
             ${position?.lng ?? null}::float8, ${position?.accuracy ?? null}::float8, 'alert'::"PositionSource", ${ctx.now},
             ${ctx.company.id}::uuid
      FROM recipient
      WHERE ${position !== null}
    )
    SELECT "receivedAt", "seenAt" FROM recipient`;
  return confirmed ?? null;
}
