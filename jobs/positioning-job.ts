import { now } from '@/lib/clock';
import { db } from '@/lib/db';
import { logger } from '@/lib/logger';
import { closePositioning } from '@/lib/positionings/close-positioning';
import { sendPositioningRequests } from '@/lib/positionings/send-positioning-requests';
import type { PositioningPayload } from '@/lib/queue';

/** The data pushes asking a positioning's devices for their position. */
export async function positioningRequestJob({ positioningId }: PositioningPayload): Promise<void> {
  const { asked } = await sendPositioningRequests(db(), positioningId, now());
  logger.info('positioning requests sent', { positioningId, asked });
}

/** At a positioning's answer time: the devices that have not answered are not reached. */
export async function positioningCloseJob({ positioningId }: PositioningPayload): Promise<void> {
  if (await closePositioning(db(), positioningId, now())) logger.info('positioning closed', { positioningId });
}
