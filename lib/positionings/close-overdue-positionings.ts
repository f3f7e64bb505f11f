import type { Db } from '@/lib/db';
import { closePositioning } from './close-positioning';

/** Every minute (maintenance): positionings past their answer time whose delayed close was lost. Answers how many. */
export async function closeOverduePositionings(client: Db, now: Date): Promise<number> {
  const due = await client.positioning.findMany({
    where: { closedAt: null, answerBy: { lte: now } },
    select: { id: true },
    orderBy: { answerBy: 'asc' },
  });
  let closed = 0;
  for (const positioning of due) if (await closePositioning(client, positioning.id, now)) closed += 1;
  return closed;
}
