import { microsoftRedirectUri } from './microsoft-authority';

export interface SettingsRow {
  enabled: boolean;
  tenantId: string | null;
  clientId: string | null;
  clientSecret: string | null;
}

/** The settings as the API shows them: never the client secret, only whether one is stored. */
export function settingsView(row: SettingsRow) {
  return {
    enabled: row.enabled,
    tenantId: row.tenantId,
    clientId: row.clientId,
    clientSecretSet: row.clientSecret !== null,
    redirectUri: microsoftRedirectUri(),
  };
}
