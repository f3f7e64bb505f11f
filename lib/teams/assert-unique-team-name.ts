import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import type { Prisma } from '@/lib/generated/prisma/client';

export function teamExists(name: string): ApiError {
  return ApiError.conflict(`A team named "${name}" already exists`).with({ code: 'teamExists' });
}

/**
 * 409 `teamExists` when another team of the company has this name in any case ("Night shift" = "night SHIFT").
 * The database's unique (companyId, name) cannot see case, so the check holds a lock on the company's team names until
 * the caller's transaction ends: two saves of "Drill" and "DRILL" at the same moment are taken one after the other.
 */
export async function assertUniqueTeamName(
  tx: Prisma.TransactionClient,
  ctx: Pick<Ctx, 'company'>,
  name: string,
  exceptTeamId?: string,
): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`team-names:${ctx.company.id}`}))`;
  const clash = await tx.team.findFirst({
    where: {
      companyId: ctx.company.id,
      name: { equals: name, mode: 'insensitive' },
      ...(exceptTeamId ? { id: { not: exceptTeamId } } : {}),
    },
    select: { id: true },
  });
  if (clash) throw teamExists(name);
}
