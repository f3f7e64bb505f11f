'use client';

import { useProfile } from '@/components/session/profile-provider';
import { isAdmin } from '@/lib/auth/roles';
import type { Role } from '@/lib/generated/prisma/enums';

/** Whether the current user administers the current company; null while the profile loads. */
export function useIsAdmin(): boolean | null {
  const { state } = useProfile();
  if (state.status !== 'loaded') return null;
  const role = state.me.user.role;
  return role !== null && isAdmin(role as Role);
}
