import { apiQuery } from '@/components/ui/api-query';
import type { AnswerOf } from '@/lib/http/answer-of';
import { api } from '@/lib/http/client';
import type { getMicrosoftSignIn } from '@/lib/microsoft-sign-in/get-microsoft-sign-in';
import type { setMicrosoftSignIn } from '@/lib/microsoft-sign-in/set-microsoft-sign-in';

// Sign in with Microsoft of the company (issue 20): GET/PUT /api/azureAd/signIn.

/** The client secret is never shown again (only whether one is stored), and the redirect URI to register in Entra. */
export type MicrosoftSignInSettings = AnswerOf<typeof getMicrosoftSignIn>;

export interface MicrosoftSignInChange {
  enabled: boolean;
  tenantId: string | null;
  clientId: string | null;
  /** Left out: the stored secret is kept. */
  clientSecret?: string;
}

export const microsoftSignInQuery = apiQuery<MicrosoftSignInSettings>('/api/azureAd/signIn');

export const microsoftSignInApi = {
  save: (change: MicrosoftSignInChange) => api.put<AnswerOf<typeof setMicrosoftSignIn>>('/api/azureAd/signIn', change),
};
