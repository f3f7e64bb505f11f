import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { DbClient } from '@/lib/db';
import type { Role } from '@/lib/generated/prisma/enums';
import { memberViewSelect } from './member-view';

/** The {userId} of the /api/accounts/{userId}/... routes. */
export const memberParams = z.object({ userId: z.uuid() });

export const memberNotFound = () => ApiError.notFound('The member');
export const managedMember = () =>
  ApiError.forbidden('This user is managed by your directory service and cannot be changed here').with({
    code: 'managed',
  });

/** The membership of `userId` in the company, active or removed; 404 otherwise (also for another company's people). */
export async function findMember(client: DbClient, companyId: string, userId: string, state: 'active' | 'removed') {
  const member = await client.membership.findFirst({
    where: { companyId, userId, deletedAt: state === 'active' ? null : { not: null } },
    select: { id: true, ...memberViewSelect },
  });
  if (!member) throw memberNotFound();
  return member;
}

/** Only a superAdmin or the owner gives, takes away or removes the superAdmin and owner roles. */
export const roleNotAllowed = (role: string) =>
  ApiError.forbidden(`You cannot give, take away or remove the role ${role}`).with({ code: 'roleNotAllowed' });

/** Owner and superAdmin: the roles a company must keep at least one of. */
export function isTopRole(role: Role): boolean {
  return role === 'owner' || role === 'superAdmin';
}

/** 409 lastOwner when `userId` is the company's only active owner or superAdmin. */
export async function assertNotLastOwner(client: DbClient, companyId: string, userId: string): Promise<void> {
  const others = await client.membership.count({
    where: { companyId, deletedAt: null, role: { in: ['owner', 'superAdmin'] }, userId: { not: userId } },
  });
  if (others === 0) {
    throw ApiError.conflict('The company needs at least one owner or super admin').with({ code: 'lastOwner' });
  }
}

/** Active memberships of the person in other (not deleted) companies. */
export async function countOtherCompanies(client: DbClient, companyId: string, userId: string): Promise<number> {
  return client.membership.count({
    where: { userId, deletedAt: null, companyId: { not: companyId }, company: { deletedAt: null } },
  });
}
