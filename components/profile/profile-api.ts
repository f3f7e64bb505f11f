import type { UploadLink } from '@/components/ui/upload-file';
import { api } from '@/lib/http/client';

// The calls of the user's own page (contract-accounts.md): details and photo, two-factor authentication, My Data and
// the SOS list.

/** A new TOTP secret to scan (qrCode: a data: URL) or type in. */
export interface TotpSetup {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

/** One entry of the SOS list: a company member (contactUserId) or an outside contact. */
export interface SosContact {
  id: string;
  contactUserId: string | null;
  name: string;
  phone: string;
}

/** The SOS list as PUT /api/sosContacts takes it, in order. */
export type SosListBody = ({ name: string; phone: string } | { contactUserId: string })[];

/** A company member who can go on the SOS list. */
export interface PickableMember {
  userId: string;
  name: string;
}

export interface SosList {
  list: SosContact[];
}

/** Saving a profile field answers the saved value. */
export interface SavedName {
  name: string;
}
export interface SavedPhoto {
  profilePhoto: string | null;
}
export interface TwoFactorState {
  use2FA: boolean;
}

export interface PickableMembers {
  users: PickableMember[];
}

export const profileApi = {
  rename: (name: string) => api.put<SavedName>('/api/me/name', { name }),
  photoUploadLink: (contentType: string) =>
    api.get<UploadLink>(`/api/me/profilePhotoUploadLink?contentType=${encodeURIComponent(contentType)}`),
  /** Makes the uploaded file (by its storage key) the profile photo; answers its link. */
  savePhoto: (key: string) => api.put<SavedPhoto>('/api/me/profilePhoto', { key }),
  removePhoto: () => api.delete('/api/me/profilePhoto'),
  totpSetup: () => api.get<TotpSetup>('/api/me/otp/totp-secret'),
  /** Turns two-factor authentication on with a first code from the app. */
  enableTotp: (otp: string) => api.post<TwoFactorState>('/api/me/otp/totp-secret', { otp }),
  disableTotp: (otp: string) => api.put<TwoFactorState>('/api/me/otp', { use2FA: false, otp }),
  /** Everything stored about the user, as a file. */
  downloadMyData: () => api.download('/api/me/data'),
  /** Deletes the account; `email` is the typed verification. */
  deleteAccount: (email: string) => api.delete('/api/me', { usernameVerification: email }),
  sosContacts: (signal: AbortSignal) => api.get<SosList>('/api/sosContacts', { signal }),
  saveSosContacts: (list: SosListBody) => api.put<SosList>('/api/sosContacts', { sos: { list } }),
  /** Any member gets the names of the company's people. */
  sosMembers: (signal: AbortSignal) => api.get<PickableMembers>('/api/users?page=1&pageSize=1000', { signal }),
};
