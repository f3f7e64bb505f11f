import type { Db } from '@/lib/db';
import type { EntraApp } from './entra-configuration';

const usable = {
  enabled: true,
  tenantId: { not: null },
  clientId: { not: null },
  clientSecret: { not: null },
} as const;

function appOf(row: { tenantId: string | null; clientId: string | null; clientSecret: string | null }): EntraApp {
  return { tenantId: row.tenantId ?? '', clientId: row.clientId ?? '', clientSecret: row.clientSecret ?? '' };
}

/** The company's Entra app when sign-in with Microsoft is on (and the company not deleted), else null. */
export async function enabledEntraApp(client: Db, companyId: string): Promise<EntraApp | null> {
  const row = await client.microsoftSignIn.findFirst({ where: { companyId, ...usable, company: { deletedAt: null } } });
  return row ? appOf(row) : null;
}

/**
 * Where a person with this e-mail signs in with Microsoft: of the companies that have it on and where the e-mail is an
 * active member, the one they joined first (any of them gives the same person's session). Null when there is none.
 */
export async function entraAppForEmail(client: Db, email: string): Promise<(EntraApp & { companyId: string }) | null> {
  const membership = await client.membership.findFirst({
    where: { deletedAt: null, user: { email }, company: { deletedAt: null, microsoftSignIn: usable } },
    orderBy: { createdAt: 'asc' },
    select: { companyId: true, company: { select: { microsoftSignIn: true } } },
  });
  const row = membership?.company.microsoftSignIn;
  return membership && row ? { companyId: membership.companyId, ...appOf(row) } : null;
}
