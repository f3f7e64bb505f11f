import type { DirectoryCtx } from '@/lib/directory/directory-ctx';
import { assertActiveMembers } from '@/lib/teams/assert-active-members';
import { assertUniqueTeamName } from '@/lib/teams/assert-unique-team-name';
import { auditDirectoryChange } from './audit-directory-change';
import { scimError } from './scim-error';
import { isRowId } from './scim-query';
import { type ScimGroupBody, scimGroupView, scimTeamSelect } from './scim-group';

/**
 * Writes a SCIM Group (POST, PUT, PATCH) as a managed team: its name (unique in the company regardless of case, 409
 * `uniqueness`), externalId and members (members of the company in any state — Entra keeps disabled users in groups —, 400 `invalidValue` otherwise).
 * `teamId`: the Group being replaced; null creates one.
 */
export async function saveScimGroup(ctx: DirectoryCtx, body: ScimGroupBody, teamId: string | null) {
  const values = (body.members ?? []).map((member) => member.value);
  const notIds = values.filter((value) => !isRowId(value));
  if (notIds.length > 0) throw scimError(400, 'invalidValue', `${notIds.join(', ')} are not users of this company`);
  return ctx.db.$transaction(async (tx) => {
    await assertUniqueTeamName(tx, ctx, body.displayName, teamId ?? undefined);
    const userIds = await assertActiveMembers(
      tx,
      ctx,
      values.map((userId) => ({ userId })),
      { includeInactive: true },
    );
    const data = { name: body.displayName, externalId: body.externalId?.trim() || null, managed: true };
    const team = teamId
      ? await tx.team.update({ where: { id: teamId }, data, select: { id: true } })
      : await tx.team.create({ data: { ...data, companyId: ctx.company.id }, select: { id: true } });
    await tx.teamMember.deleteMany({ where: { teamId: team.id, userId: { notIn: userIds } } });
    await tx.teamMember.createMany({
      data: userIds.map((userId) => ({ teamId: team.id, userId })),
      skipDuplicates: true,
    });
    await auditDirectoryChange(tx, ctx, {
      action: teamId ? 'directory.teamUpdated' : 'directory.teamProvisioned',
      entityType: 'team',
      entityId: team.id,
      data: { name: body.displayName, members: userIds.length },
    });
    return scimGroupView(await tx.team.findUniqueOrThrow({ where: { id: team.id }, select: scimTeamSelect }));
  });
}
