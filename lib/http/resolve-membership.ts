import { ApiError } from '@/lib/api-error';
import type { CompanyContext } from '@/lib/context';
import type { Db } from '@/lib/db';
import type { Role } from '@/lib/generated/prisma/enums';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The company of the request: the CustomerId header when given (the user must be an active member, else 403),
 * otherwise the user's first company. A user with no company at all gets 403.
 */
export async function resolveMembership(
  client: Db,
  userId: string,
  customerId: string | null,
): Promise<{ company: CompanyContext; role: Role }> {
  const found = await findMembership(client, userId, customerId);
  if (!found) {
    throw ApiError.forbidden(
      customerId !== null ? 'You are not a member of this company' : 'You are not a member of any company',
    );
  }
  return found;
}

/** For account routes: the CustomerId company if the user is a member there, else the first company, else none. */
export async function resolveOptionalMembership(
  client: Db,
  userId: string,
  customerId: string | null,
): Promise<{ company: CompanyContext | null; role: Role | null }> {
  const chosen = customerId !== null && UUID.test(customerId) ? await findMembership(client, userId, customerId) : null;
  return chosen ?? (await findMembership(client, userId, null)) ?? { company: null, role: null };
}

async function findMembership(
  client: Db,
  userId: string,
  customerId: string | null,
): Promise<{ company: CompanyContext; role: Role } | null> {
  if (customerId !== null && !UUID.test(customerId)) return null;
  const membership = await client.membership.findFirst({
    where: {
      userId,
      deletedAt: null,
      company: { deletedAt: null },
      ...(customerId !== null ? { companyId: customerId } : {}),
    },
    orderBy: { createdAt: 'asc' },
    include: { company: { select: { id: true, name: true, plan: true, features: true } } },
  });
  return membership ? { company: membership.company, role: membership.role } : null;
}
