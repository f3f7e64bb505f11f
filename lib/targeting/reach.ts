import { z } from 'zod';
import { Prisma } from '@/lib/generated/prisma/client';
import type { Ctx } from '@/lib/context';
import { alertTarget, hasArea, namesPeople } from './alert-target';
import { resolveRecipients } from './resolve-recipients';
import { assertKnownTargets } from './validate-target';

export const reachBody = z.object({ alertTarget });

/**
 * The preview of a target before sending (POST /api/alerts/target/reach), by the resolver sending uses: how many people
 * would be alerted, how many of them have no app (no device with a push token or web push subscription: SMS only, or
 * nothing without SMS), and how many would be recorded outside the area. Nothing chosen yet reaches nobody.
 */
export async function getReach(ctx: Ctx, input: z.output<typeof reachBody>) {
  const target = input.alertTarget;
  if (!namesPeople(target) && !hasArea(target)) return { reach: 0, withoutApp: 0, outOfTarget: 0 };
  await assertKnownTargets(ctx.db, ctx, target);
  const recipients = await resolveRecipients(ctx.db, ctx, target);
  const [counts] = await ctx.db.$queryRaw<{ reach: number; withoutApp: number; outOfTarget: number }[]>(Prisma.sql`
    SELECT count(*) FILTER (WHERE r."inTarget")::int AS reach,
      count(*) FILTER (WHERE r."inTarget" AND NOT EXISTS (
        SELECT 1 FROM "Device" d WHERE d."userId" = r."userId"
          AND (d."pushToken" IS NOT NULL OR (d."pushSubscription" IS NOT NULL AND d."pushSubscription" <> 'null'::jsonb))
      ))::int AS "withoutApp",
      count(*) FILTER (WHERE NOT r."inTarget")::int AS "outOfTarget"
    FROM (${recipients}) r`);
  return counts;
}
