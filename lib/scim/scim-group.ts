import { z } from 'zod';
import type { DirectoryCtx } from '@/lib/directory/directory-ctx';
import type { DbClient } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { teamName } from '@/lib/teams/team-fields';
import { scimError } from './scim-error';
import type { FilterAttributes } from './scim-filter';
import { isRowId } from './scim-query';
import { GROUP_SCHEMA } from './scim-schemas';

/** A SCIM Group as POST, PUT and a PATCH's result give it: its members by SCIM User id. */
export const scimGroupBody = z.looseObject({
  displayName: teamName,
  externalId: z.string().max(254).nullish(),
  members: z
    .array(z.looseObject({ value: z.string().max(200) }))
    .max(10_000)
    .nullish(),
});
export type ScimGroupBody = z.output<typeof scimGroupBody>;

/** GET of groups may leave the members out (Entra asks so: `excludedAttributes=members`). */
export const scimGroupQuery = z.object({ excludedAttributes: z.string().max(500).optional() });

export function withoutMembers(query: { excludedAttributes?: string }): boolean {
  return (query.excludedAttributes ?? '').split(',').some((name) => name.trim().toLowerCase() === 'members');
}

export const scimTeamSelect = {
  id: true,
  name: true,
  externalId: true,
  createdAt: true,
  updatedAt: true,
  companyId: true,
  members: {
    select: {
      userId: true,
      user: { select: { memberships: { where: { managed: true }, select: { companyId: true, directoryName: true } } } },
    },
    orderBy: { createdAt: 'asc' },
  },
} as const;
type ScimTeamRow = Prisma.TeamGetPayload<{ select: typeof scimTeamSelect }>;

/** A group member: its display name is the directory's name of the person, never their account's. */
function memberOf(companyId: string, member: ScimTeamRow['members'][number]) {
  const display = member.user.memberships.find((membership) => membership.companyId === companyId)?.directoryName;
  return { value: member.userId, ...(display ? { display } : {}) };
}

/** A managed team as a SCIM Group. */
export function scimGroupView(row: ScimTeamRow, members = true) {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    displayName: row.name,
    ...(members ? { members: row.members.map((member) => memberOf(row.companyId, member)) } : {}),
    meta: {
      resourceType: 'Group',
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `/scim/v2/Groups/${row.id}`,
    },
  };
}

/** A managed team of the company by SCIM id; 404 for any other id, another company's included. */
export async function findScimGroup(client: DbClient, ctx: DirectoryCtx, id: string) {
  const row = isRowId(id)
    ? await client.team.findFirst({ where: { id, companyId: ctx.company.id, managed: true }, select: scimTeamSelect })
    : null;
  if (!row) throw scimError(404, null, `Group ${id} not found`);
  return row;
}

const NOTHING: Prisma.TeamWhereInput = { id: { in: [] } };

/** The attributes GET /Groups filters on (scim-filter.ts). */
export const GROUP_FILTER_ATTRIBUTES: FilterAttributes<Prisma.TeamWhereInput> = {
  id: (value) => (isRowId(value) ? { id: value } : NOTHING),
  displayname: (value) => ({ name: { equals: value, mode: 'insensitive' } }),
  externalid: (value) => ({ externalId: value }),
  'members.value': (value) => (isRowId(value) ? { members: { some: { userId: value } } } : NOTHING),
};
