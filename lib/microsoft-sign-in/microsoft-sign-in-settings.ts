import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import { microsoftRedirectUri } from './microsoft-authority';
import type { microsoftSignInBody } from './microsoft-sign-in-fields';

interface SettingsRow {
  enabled: boolean;
  tenantId: string | null;
  clientId: string | null;
  clientSecret: string | null;
}

const NOT_SET: SettingsRow = { enabled: false, tenantId: null, clientId: null, clientSecret: null };

/** The settings as the API shows them: never the client secret, only whether one is stored. */
function settingsView(row: SettingsRow) {
  return {
    enabled: row.enabled,
    tenantId: row.tenantId,
    clientId: row.clientId,
    clientSecretSet: row.clientSecret !== null,
    redirectUri: microsoftRedirectUri(),
  };
}

/** GET /api/azureAd/signIn: the company's sign-in with Microsoft and the redirect URI to register in Entra. */
export async function getMicrosoftSignIn(ctx: Ctx) {
  const row = await ctx.db.microsoftSignIn.findUnique({ where: { companyId: ctx.company.id } });
  return settingsView(row ?? NOT_SET);
}

/**
 * PUT /api/azureAd/signIn: the tenant, the app and whether people may sign in with it, recorded with who changed what
 * (never the secret itself). Turning it on needs a client secret, given now or stored before.
 */
export async function setMicrosoftSignIn(ctx: Ctx, input: z.output<typeof microsoftSignInBody>) {
  const stored = await ctx.db.microsoftSignIn.findUnique({ where: { companyId: ctx.company.id } });
  const clientSecret =
    input.clientSecret === undefined || input.clientSecret === null
      ? (stored?.clientSecret ?? null)
      : input.clientSecret || null;
  if (input.enabled && clientSecret === null) {
    throw ApiError.badRequest('clientSecret is needed to turn sign-in with Microsoft on').with({
      code: 'clientSecretMissing',
    });
  }
  const data = { enabled: input.enabled, tenantId: input.tenantId, clientId: input.clientId, clientSecret };
  const [saved] = await ctx.db.$transaction([
    ctx.db.microsoftSignIn.upsert({
      where: { companyId: ctx.company.id },
      create: { companyId: ctx.company.id, ...data },
      update: data,
    }),
    ctx.db.auditLog.create({
      data: {
        companyId: ctx.company.id,
        actorId: ctx.userId,
        action: 'microsoftSignIn.changed',
        entityType: 'company',
        entityId: ctx.company.id,
        data: {
          enabled: input.enabled,
          tenantId: input.tenantId,
          clientId: input.clientId,
          clientSecretChanged: clientSecret !== (stored?.clientSecret ?? null),
        },
      },
    }),
  ]);
  return settingsView(saved);
}
