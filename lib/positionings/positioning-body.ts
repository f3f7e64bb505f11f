import { z } from 'zod';
import { pagingQuery } from '@/lib/http-parts/paging';
import { alertTarget } from '@/lib/targeting/alert-target';
import { POSITIONING_REASON_MAX, POSITIONING_REASON_MIN } from './positioning-rules';

/** POST /api/positionings: why (always logged) and whom, with the target model of alerts. */
export const requestPositionsBody = z.object({
  reason: z.string().trim().min(POSITIONING_REASON_MIN).max(POSITIONING_REASON_MAX),
  target: alertTarget,
});

export const positioningIdParams = z.object({ id: z.uuid() });

/** The device that answers and the positioning it answers. */
export const positioningAnswerParams = z.object({ id: z.uuid(), positioningId: z.uuid() });

/** A device's answer: where it is (and when it took that position), or that its person declines. */
export const positioningAnswerBody = z.union([
  z
    .object({
      lat: z.number().min(-90).max(90),
      lng: z.number().min(-180).max(180),
      accuracy: z.number().min(0).max(1_000_000).nullish(),
      positionedAt: z.iso
        .datetime({ offset: true })
        .transform((value) => new Date(value))
        .optional(),
    })
    .strict(),
  z.object({ declined: z.literal(true) }).strict(),
]);

export const POSITIONING_LIST_PAGE_SIZE = 25;

export const listPositioningsQuery = pagingQuery(POSITIONING_LIST_PAGE_SIZE).extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(POSITIONING_LIST_PAGE_SIZE),
  includeTotal: z.stringbool().default(false),
});

export const positioningDevicesQuery = pagingQuery(500).extend({
  state: z.enum(['pending', 'found', 'notReached', 'outOfTarget', 'withinArea', 'notInArea']).optional(),
});
