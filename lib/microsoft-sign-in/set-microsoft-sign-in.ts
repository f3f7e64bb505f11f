import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { recordAudit } from '@/lib/audit/record-audit';
import type { Ctx } from '@/lib/context';
import { openMicrosoftClientSecret, sealMicrosoftClientSecret } from './microsoft-client-secret';
import type { microsoftSignInBody } from './microsoft-sign-in-fields';
import { settingsView } from './microsoft-sign-in-view';

/**
 * PUT /api/azureAd/signIn: the tenant, the app and whether people may sign in with it, recorded with who changed what
 * (never the secret itself). Turning it on needs a client secret, given now or stored before.
 */
export async function setMicrosoftSignIn(ctx: Ctx, input: z.output<typeof microsoftSignInBody>) {
  const stored = await ctx.db.microsoftSignIn.findUnique({ where: { companyId: ctx.company.id } });
  const storedSecret = stored?.clientSecret ?? null;
  // Null when none is stored, or when the stored one cannot be decrypted (logged for the operator).
  const storedPlain =
    storedSecret === null ? null : await openMicrosoftClientSecret(ctx.db, ctx.company.id, storedSecret);
  // Not given: the stored secret stays (one that cannot be decrypted, as it is); empty: it is removed; else replaced.
  const given =
    input.clientSecret === undefined || input.clientSecret === null ? undefined : input.clientSecret || null;
  const kept = storedPlain === null ? storedSecret : sealMicrosoftClientSecret(storedPlain);
  const clientSecret = given === undefined ? kept : given && sealMicrosoftClientSecret(given);
  const clientSecretChanged = given !== undefined && (given === null ? storedSecret !== null : given !== storedPlain);
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
    recordAudit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.userId,
      action: 'microsoftSignIn.changed',
      entityType: 'company',
      entityId: ctx.company.id,
      data: {
        enabled: input.enabled,
        tenantId: input.tenantId,
        clientId: input.clientId,
        clientSecretChanged,
      },
    }),
  ]);
  return settingsView(saved);
}
