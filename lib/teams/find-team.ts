import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import type { DbClient } from '@/lib/db';

/** One of the company's teams; 404 for an unknown id or another company's team (its existence is not revealed). */
export async function findTeam(client: DbClient, ctx: Pick<Ctx, 'company'>, teamId: string) {
  const team = await client.team.findFirst({ where: { id: teamId, companyId: ctx.company.id } });
  if (!team) throw ApiError.notFound('The team');
  return team;
}

/** A team the product may change: not one the directory manages (spec §6) → 403 `managed`. */
export async function findEditableTeam(client: DbClient, ctx: Pick<Ctx, 'company'>, teamId: string) {
  const team = await findTeam(client, ctx, teamId);
  if (team.managed)
    throw ApiError.forbidden('This team is managed by the directory and cannot be changed here').with({
      code: 'managed',
    });
  return team;
}
