import type { Prisma } from '@/lib/generated/prisma/client';

/** What a device reads of a positioning request to it: the request, who asked and from which company, its answer. */
export const devicePositioningSelect = {
  state: true,
  declined: true,
  respondedAt: true,
  positioning: {
    select: {
      id: true,
      reason: true,
      createdAt: true,
      answerBy: true,
      author: { select: { name: true } },
      company: { select: { name: true } },
    },
  },
} satisfies Prisma.PositioningResultSelect;

type DevicePositioningRow = Prisma.PositioningResultGetPayload<{ select: typeof devicePositioningSelect }>;

/**
 * A positioning request as the app shows it. `open`: the device can still answer (no answer yet, before the answer
 * time), the rule answerPositioning applies. `askedBy` is empty once the asking admin's account is gone, as in the
 * request's push (send-positioning-requests.ts).
 */
export function devicePositioningView(row: DevicePositioningRow, now: Date) {
  const { positioning } = row;
  return {
    positioningId: positioning.id,
    reason: positioning.reason,
    askedBy: positioning.author?.name ?? '',
    companyName: positioning.company.name,
    createdAt: positioning.createdAt.toISOString(),
    answerBy: positioning.answerBy.toISOString(),
    state: row.state,
    declined: row.declined,
    respondedAt: row.respondedAt?.toISOString() ?? null,
    open: row.state === 'pending' && now <= positioning.answerBy,
  };
}
