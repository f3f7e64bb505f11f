import type { Ctx } from '@/lib/context';
import { settingsView, type SettingsRow } from './microsoft-sign-in-view';

const NOT_SET: SettingsRow = { enabled: false, tenantId: null, clientId: null, clientSecret: null };

/** GET /api/azureAd/signIn: the company's sign-in with Microsoft and the redirect URI to register in Entra. */
export async function getMicrosoftSignIn(ctx: Ctx) {
  const row = await ctx.db.microsoftSignIn.findUnique({ where: { companyId: ctx.company.id } });
  return settingsView(row ?? NOT_SET);
}
