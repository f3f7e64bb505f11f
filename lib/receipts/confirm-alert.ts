import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import { positionBody } from '@/lib/devices/device-body';
import { Prisma } from '@/lib/generated/prisma/client';
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
  const recipient = await ctx.db.alertRecipient.findFirst({
    where: { alertId: input.id, userId: ctx.userId, companyId: ctx.company.id, inTarget: true },
    select: { id: true, alertId: true, userId: true },
  });
  if (!recipient) throw ApiError.notFound('The alert');
  if (
    input.deviceId &&
    !(await ctx.db.device.findFirst({ where: { id: input.deviceId, userId: ctx.userId }, select: { id: true } }))
  ) {
    throw ApiError.notFound('The device');
  }
  const deviceId = input.deviceId ?? null;
  const position = input.position ?? null;
  const seen = step === 'seen' ? ctx.now : null;
  const [confirmed] = await ctx.db.$transaction([
    ctx.db.$queryRaw<{ receivedAt: Date; seenAt: Date | null }[]>`
      UPDATE "AlertRecipient"
      SET "receivedAt" = coalesce("receivedAt", ${ctx.now}),
          "seenAt" = coalesce("seenAt", ${seen}::timestamptz),
          lat = coalesce(${position?.lat ?? null}::float8, lat),
          lng = coalesce(${position?.lng ?? null}::float8, lng)
      WHERE id = ${recipient.id}::uuid
      RETURNING "receivedAt", "seenAt"`,
    ctx.db.$executeRaw`
      UPDATE "Receipt"
      SET state = ${step}::"ReceiptState", "receivedAt" = coalesce("receivedAt", ${ctx.now}),
          "deviceId" = coalesce(${deviceId}::uuid, "deviceId"), "updatedAt" = ${ctx.now}
      WHERE "alertId" = ${recipient.alertId}::uuid AND "userId" = ${recipient.userId}::uuid AND channel = 'push'
        AND state = ANY(${statesBefore(step)}::"ReceiptState"[])`,
    ...(position
      ? [
          ctx.db.position.create({
            data: {
              userId: ctx.userId,
              deviceId,
              lat: position.lat,
              lng: position.lng,
              accuracy: position.accuracy ?? null,
              source: 'alert',
              recordedAt: ctx.now,
            },
          }),
        ]
      : []),
  ] as Prisma.PrismaPromise<unknown>[]);
  emitCompanyEvent('alertChanged', ctx.company.id, { alertId: input.id });
  const row = (confirmed as { receivedAt: Date; seenAt: Date | null }[])[0];
  return { alertId: input.id, receivedAt: row.receivedAt.toISOString(), seenAt: row.seenAt?.toISOString() ?? null };
}
