import { db } from '@/lib/db';

/**
 * The newest of these SIDs (newest first) that no receipt holds yet. A receipt in doubt is one whose SID was never
 * recorded, so a message or call that another receipt holds — another alert's to the same phone moments before — is not
 * it: taking it would mark the person reached and send them nothing.
 */
export async function firstUnrecordedSid(sids: readonly string[]): Promise<string | null> {
  if (sids.length === 0) return null;
  const recorded = await db().receipt.findMany({
    where: { providerId: { in: [...sids] } },
    select: { providerId: true },
  });
  const held = new Set(recorded.map((receipt) => receipt.providerId));
  return sids.find((sid) => !held.has(sid)) ?? null;
}
