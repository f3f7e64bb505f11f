import { ApiError } from '@/lib/api-error';
import { isOperator } from '@/lib/auth/is-operator';
import { maxUsers } from '@/lib/companies/max-users';
import { dialCodeOfCountry } from '@/lib/phone/guess-country';
import type { UserCtx } from '@/lib/context';
import { profilePhotoUrl } from './profile-photo-url';

/**
 * The current user, the current company with the user's role there (null for a user without any company), and every
 * company the user can switch to (spec §3 Profile).
 */
export async function getMe(ctx: UserCtx) {
  const user = await ctx.db.user.findUnique({
    where: { id: ctx.userId },
    include: {
      devices: { select: { id: true, name: true, platform: true, lastSeenAt: true }, orderBy: { createdAt: 'asc' } },
      memberships: {
        where: { deletedAt: null, company: { deletedAt: null } },
        include: { company: { select: { id: true, name: true } } },
        orderBy: { createdAt: 'asc' },
      },
    },
  });
  if (!user) throw ApiError.unauthorized();
  // A session of one company's sign-in (Microsoft) offers that company only.
  const session = await ctx.db.session.findUnique({
    where: { id: ctx.sessionId },
    select: { companyId: true, kind: true },
  });
  const companies = user.memberships.filter(
    (membership) => !session?.companyId || membership.companyId === session.companyId,
  );
  const company = ctx.company ? await ctx.db.company.findUniqueOrThrow({ where: { id: ctx.company.id } }) : null;
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      role: ctx.role,
      profilePhoto: await profilePhotoUrl(user.profilePhotoKey),
      use2FA: user.use2FA,
      locale: user.locale,
      /** The name comes from the directory that made the account, and cannot be changed here. */
      nameManaged: user.directoryCompanyId !== null,
      /** One of the install's operators, in this session (issue 35): the console shows the operator area. */
      operator: session !== null && isOperator(user, session),
    },
    devices: user.devices,
    features: (company?.features ?? []).map((featureName) => ({ featureName })),
    customer: company && {
      customerId: company.id,
      customerName: company.name,
      name: company.name,
      plan: company.plan,
      maxUsers: maxUsers(company),
      /** The company's default country and its dial code, preselected in phone fields (company settings). */
      defaultCountry: company.defaultCountry,
      defaultDialCode: dialCodeOfCountry(company.defaultCountry),
    },
    customers: companies.map((m) => ({ customerId: m.company.id, customerName: m.company.name, role: m.role })),
  };
}
