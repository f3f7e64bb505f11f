import type { Db } from '@/lib/db';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';

/**
 * At a positioning's answer time: every device that has not answered is not reached. Closes once, whoever gets there
 * first (the delayed job or the minute sweep); answers whether this call closed it.
 */
export async function closePositioning(client: Db, positioningId: string, now: Date): Promise<boolean> {
  const companyId = await client.$transaction(async (tx) => {
    const positioning = await tx.positioning.findUnique({ where: { id: positioningId }, select: { companyId: true } });
    if (!positioning) return null;
    const closing = await tx.positioning.updateMany({
      where: { id: positioningId, closedAt: null },
      data: { closedAt: now },
    });
    if (closing.count === 0) return null;
    await tx.positioningResult.updateMany({
      where: { positioningId, state: 'pending' },
      data: { state: 'notReached' },
    });
    return positioning.companyId;
  });
  if (companyId) emitCompanyEvent('positioningChanged', companyId, { positioningId });
  return companyId !== null;
}
