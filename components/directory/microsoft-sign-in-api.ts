import { api } from '@/lib/http/client';
import { apiQuery } from '@/components/ui/api-query';

// Sign in with Microsoft of the company (issue 20): GET/PUT /api/azureAd/signIn.

export interface MicrosoftSignInSettings {
  enabled: boolean;
  tenantId: string | null;
  clientId: string | null;
  /** The client secret is never shown again: only whether one is stored. */
  clientSecretSet: boolean;
  /** The redirect URI to register in the Entra app. */
  redirectUri: string;
}

export interface MicrosoftSignInChange {
  enabled: boolean;
  tenantId: string | null;
  clientId: string | null;
  /** Left out: the stored secret is kept. */
  clientSecret?: string;
}

export const microsoftSignInQuery = apiQuery<MicrosoftSignInSettings>('/api/azureAd/signIn');

export const microsoftSignInApi = {
  save: (change: MicrosoftSignInChange) => api.put<MicrosoftSignInSettings>('/api/azureAd/signIn', change),
};
