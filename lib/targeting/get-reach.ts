import { z } from 'zod';
import { Prisma } from '@/lib/generated/prisma/client';
import type { Ctx } from '@/lib/context';
import { planHasFallbackSms } from '@/lib/delivery/load-delivery-alert';
import { hasAppSql } from '@/lib/devices/can-receive-push';
import { env } from '@/lib/env';
import { alertTarget, hasArea, namesPeople } from './alert-target';
import { resolveTarget } from './resolve-recipients';
import { assertKnownTargets } from './validate-target';

export const reachBody = z.object({ alertTarget });

interface ReachCounts {
  reach: number;
  withoutApp: number;
  withoutAppOrPhone: number;
  smsOptedOut: number;
  outOfTarget: number;
}

/**
 * The preview of a target before sending (POST /api/alerts/target/reach), by the resolver sending uses: how many people
 * would be alerted (`reach`), how many of them have no app (lib/devices/can-receive-push.ts) and how many of those have
 * no phone number either (no SMS, no call can reach them), how many have opted out of SMS (STOP, or Twilio's 21610: no
 * SMS reaches them, lib/sms-opt-out), how many would be recorded outside the area, and when the
 * fallback SMS of a push goes to those the app has not confirmed for (null: the plan has none;
 * lib/delivery/send-early-fallback-sms.ts sends it at once to those without the app). Nothing chosen yet reaches
 * nobody.
 */
export async function getReach(ctx: Ctx, input: z.output<typeof reachBody>) {
  const target = input.alertTarget;
  const fallbackSmsAfterSeconds = planHasFallbackSms(ctx.company.plan) ? env.FALLBACK_SMS_DELAY_SECONDS : null;
  if (!namesPeople(target) && !hasArea(target))
    return { reach: 0, withoutApp: 0, withoutAppOrPhone: 0, smsOptedOut: 0, outOfTarget: 0, fallbackSmsAfterSeconds };
  await assertKnownTargets(ctx.db, ctx, target);
  const { people, inside } = await resolveTarget(ctx.db, ctx, target);
  // With areas only those inside are read; the others are counted, not looked up.
  const reached = inside === null ? people : Prisma.sql`SELECT unnest(${inside}::uuid[]) AS "userId"`;
  const outOfTarget =
    inside === null ? Prisma.sql`0` : Prisma.sql`(SELECT count(*) FROM (${people}) people) - ${inside.length}::int`;
  const withoutApp = Prisma.sql`NOT ${hasAppSql(Prisma.sql`r."userId"`)}`;
  const [counts] = await ctx.db.$queryRaw<ReachCounts[]>(Prisma.sql`
    SELECT count(*)::int AS reach,
      count(*) FILTER (WHERE ${withoutApp})::int AS "withoutApp",
      count(*) FILTER (WHERE ${withoutApp} AND u.phone IS NULL)::int AS "withoutAppOrPhone",
      count(*) FILTER (WHERE EXISTS (SELECT 1 FROM "SmsOptOut" o WHERE o.phone = u.phone))::int AS "smsOptedOut",
      (${outOfTarget})::int AS "outOfTarget"
    FROM (${reached}) r JOIN "User" u ON u.id = r."userId"`);
  return { ...counts, fallbackSmsAfterSeconds };
}
