import type { Db } from '@/lib/db';
import type { EntraApp } from './entra-configuration';
import { openMicrosoftClientSecret } from './microsoft-client-secret';

const usable = {
  enabled: true,
  tenantId: { not: null },
  clientId: { not: null },
  clientSecret: { not: null },
} as const;

interface UsableRow {
  companyId: string;
  tenantId: string | null;
  clientId: string | null;
  clientSecret: string | null;
}

/**
 * The app of a usable row, its client secret decrypted. Null when the secret cannot be decrypted (logged for the
 * operator): sign-in with Microsoft then works as if turned off for the company until an admin enters the secret again
 * or the operator sets the key it was encrypted with as SECRET_KEY_PREVIOUS.
 */
async function appOf(client: Db, row: UsableRow): Promise<EntraApp | null> {
  const clientSecret = await openMicrosoftClientSecret(client, row.companyId, row.clientSecret ?? '');
  return clientSecret === null ? null : { tenantId: row.tenantId ?? '', clientId: row.clientId ?? '', clientSecret };
}

/** The company's Entra app when sign-in with Microsoft is on (and the company not deleted), else null. */
export async function enabledEntraApp(client: Db, companyId: string): Promise<EntraApp | null> {
  const row = await client.microsoftSignIn.findFirst({ where: { companyId, ...usable, company: { deletedAt: null } } });
  return row ? appOf(client, row) : null;
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
  const app = row ? await appOf(client, row) : null;
  return membership && app ? { companyId: membership.companyId, ...app } : null;
}
