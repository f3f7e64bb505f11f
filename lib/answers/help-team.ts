import type { DbClient } from '@/lib/db';

/** The CompanySetting row that names the team told when someone needs help (its value: the team's id). */
export const HELP_TEAM = 'helpTeam';

/**
 * The team the company tells when someone answers "I need help", or null: none chosen, or the chosen team is gone (it
 * was deleted) — then the alert's sender and the admins are told. Only a team of this company counts.
 */
export async function readHelpTeam(db: DbClient, companyId: string): Promise<string | null> {
  const row = await db.companySetting.findUnique({
    where: { companyId_name: { companyId, name: HELP_TEAM } },
    select: { value: true },
  });
  if (typeof row?.value !== 'string') return null;
  const team = await db.team.findFirst({ where: { id: row.value, companyId }, select: { id: true } });
  return team?.id ?? null;
}
