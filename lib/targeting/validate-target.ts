import type { DbClient } from '@/lib/db';
import type { Ctx } from '@/lib/context';
import { ApiError } from '@/lib/api-error';
import { hasArea, namesPeople, teamsWereChosen, type AlertTarget } from './alert-target';

/**
 * Spec §5: recipients must be chosen (400 `missingTarget`), and when teams are used at least one team (400
 * `missingTeams`). A saved or drawn area on its own picks the whole company inside it.
 */
export function assertTargetChosen(target: AlertTarget): void {
  if (namesPeople(target) || hasArea(target)) return;
  if (teamsWereChosen(target)) throw ApiError.badRequest('Teams is required').with({ code: 'missingTeams' });
  throw ApiError.badRequest('Recipients is required').with({ code: 'missingTarget' });
}

/**
 * Every team, user, device and location of the target belongs to this company (users: active members; devices: owned
 * by one), else 400 `unknownTarget` with the `unknown` ids. Another company's ids are reported like unknown ones.
 */
export async function assertKnownTargets(
  client: DbClient,
  ctx: Pick<Ctx, 'company'>,
  target: AlertTarget,
): Promise<void> {
  const companyId = ctx.company.id;
  const member = { memberships: { some: { companyId, deletedAt: null } } };
  const [teams, users, devices, locations] = await Promise.all([
    target.teams.length
      ? client.team.findMany({ where: { companyId, id: { in: target.teams } }, select: { id: true } })
      : [],
    target.users.length
      ? client.membership.findMany({
          where: { companyId, deletedAt: null, userId: { in: target.users } },
          select: { userId: true },
        })
      : [],
    target.devices.length
      ? client.device.findMany({ where: { id: { in: target.devices }, user: member }, select: { id: true } })
      : [],
    target.locations.length
      ? client.location.findMany({ where: { companyId, id: { in: target.locations } }, select: { id: true } })
      : [],
  ]);
  const missing = (asked: string[], found: string[]) => {
    const known = new Set(found);
    return asked.filter((id) => !known.has(id));
  };
  const unknown = [
    ...new Set([
      ...missing(
        target.teams,
        teams.map((team) => team.id),
      ),
      ...missing(
        target.users,
        users.map((membership) => membership.userId),
      ),
      ...missing(
        target.devices,
        devices.map((device) => device.id),
      ),
      ...missing(
        target.locations,
        locations.map((location) => location.id),
      ),
    ]),
  ];
  if (unknown.length > 0) {
    throw ApiError.badRequest('Some of the chosen recipients or locations do not exist in this company').with({
      code: 'unknownTarget',
      unknown,
    });
  }
}
