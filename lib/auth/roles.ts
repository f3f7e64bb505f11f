import type { Role } from '@/lib/generated/prisma/enums';

/** Route gating levels (spec §6): user < admin < superAdmin; the owner counts as superAdmin. */
export type RoleLevel = 'user' | 'admin' | 'superAdmin';

const LEVELS: Record<RoleLevel, number> = { user: 0, admin: 1, superAdmin: 2 };

const ROLE_LEVEL: Record<Role, RoleLevel> = {
  owner: 'superAdmin',
  superAdmin: 'superAdmin',
  admin: 'admin',
  teamadmin: 'user',
  billing: 'user',
  user: 'user',
};

export function roleLevel(role: Role): RoleLevel {
  return ROLE_LEVEL[role];
}

export function hasLevel(role: Role, minimum: RoleLevel): boolean {
  return LEVELS[ROLE_LEVEL[role]] >= LEVELS[minimum];
}

/** "Is admin" = admin, superAdmin or owner. */
export function isAdmin(role: Role): boolean {
  return hasLevel(role, 'admin');
}
