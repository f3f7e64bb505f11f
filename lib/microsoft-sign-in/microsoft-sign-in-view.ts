import { publicUrlProblem } from '@/lib/http-parts/public-url';
import { microsoftRedirectUri } from './microsoft-authority';

export interface SettingsRow {
  enabled: boolean;
  tenantId: string | null;
  clientId: string | null;
  clientSecret: string | null;
}

/**
 * The settings as the API shows them: never the client secret, only whether one is stored; with the redirect URI to
 * register, what makes it unusable for Entra (publicUrlProblem; null when nothing).
 */
export function settingsView(row: SettingsRow) {
  return {
    enabled: row.enabled,
    tenantId: row.tenantId,
    clientId: row.clientId,
    clientSecretSet: row.clientSecret !== null,
    redirectUri: microsoftRedirectUri(),
    publicUrlProblem: publicUrlProblem(),
  };
}
