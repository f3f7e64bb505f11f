import { ApiError } from '@/lib/api-error';
import type { Db } from '@/lib/db';

export const accountDeactivated = () =>
  ApiError.forbidden('Your account has been deactivated by your company. Ask your administrator').with({
    code: 'accountDeactivated',
  });

/**
 * An account a company's directory made (and no other company ever had) exists for that company only: while the
 * directory has it deactivated it has no active membership and must not sign in (it would land on "no company" and could
 * start a company of its own under the directory's e-mail).
 */
export async function isDeactivatedAccount(db: Db, user: { id: string; directoryCompanyId: string | null }) {
  if (user.directoryCompanyId === null) return false;
  const active = await db.membership.count({
    where: { userId: user.id, deletedAt: null, company: { deletedAt: null } },
  });
  return active === 0;
}
