import type { DbClient } from '@/lib/db';

/** The CompanySetting that holds the conference text read in alert calls. */
export const CONFERENCE_TEXT = 'conferenceText';

/** The company's conference text, null when its calls offer no conference. */
export async function readConferenceText(db: DbClient, companyId: string): Promise<string | null> {
  const row = await db.companySetting.findUnique({
    where: { companyId_name: { companyId, name: CONFERENCE_TEXT } },
    select: { value: true },
  });
  return typeof row?.value === 'string' ? row.value : null;
}
