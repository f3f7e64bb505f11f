import type { AnswerOf } from '@/lib/http/answer-of';
import { api } from '@/lib/http/client';
import type { deleteMe } from '@/lib/me/delete-me';
import type { createProfilePhotoUploadLink } from '@/lib/me/create-profile-photo-upload-link';
import type { removeProfilePhoto } from '@/lib/me/remove-profile-photo';
import type { setProfilePhoto } from '@/lib/me/set-profile-photo';
import type { updateName } from '@/lib/me/update-name';
import type { listMembers } from '@/lib/members/list-members';
import type { getSosContacts } from '@/lib/sos/get-sos-contacts';
import type { replaceSosContacts } from '@/lib/sos/replace-sos-contacts';
import type { changeTwoFactor } from '@/lib/two-factor/change-two-factor';
import type { createTotpSetup } from '@/lib/two-factor/create-totp-setup';

// The calls of the user's own page (contract-accounts.md): details and photo, two-factor authentication, My Data and
// the SOS list.

/** A new TOTP secret to scan (qrCode: a data: URL) or type in. */
export type TotpSetup = AnswerOf<typeof createTotpSetup>;

/** The SOS list: company members (contactUserId) and outside contacts, in order. */
export type SosList = AnswerOf<typeof getSosContacts>;
export type SosContact = SosList['list'][number];

/** The SOS list as PUT /api/sosContacts takes it, in order. */
export type SosListBody = ({ name: string; phone: string } | { contactUserId: string })[];

/** The company's members who can go on the SOS list (any member gets their names). */
export type PickableMembers = AnswerOf<typeof listMembers>;
export type PickableMember = PickableMembers['users'][number];

export const profileApi = {
  rename: (name: string) => api.put<AnswerOf<typeof updateName>>('/api/me/name', { name }),
  photoUploadLink: (contentType: string) =>
    api.get<AnswerOf<typeof createProfilePhotoUploadLink>>(
      `/api/me/profilePhotoUploadLink?contentType=${encodeURIComponent(contentType)}`,
    ),
  /** Makes the uploaded file (by its storage key) the profile photo; answers its link. */
  savePhoto: (key: string) => api.put<AnswerOf<typeof setProfilePhoto>>('/api/me/profilePhoto', { key }),
  removePhoto: () => api.delete<AnswerOf<typeof removeProfilePhoto>>('/api/me/profilePhoto'),
  totpSetup: () => api.get<TotpSetup>('/api/me/otp/totp-secret'),
  /** Turns two-factor authentication on with a first code from the app. */
  enableTotp: (otp: string) => api.post<AnswerOf<typeof changeTwoFactor>>('/api/me/otp/totp-secret', { otp }),
  disableTotp: (otp: string) => api.put<AnswerOf<typeof changeTwoFactor>>('/api/me/otp', { use2FA: false, otp }),
  /** Everything stored about the user, as a file. */
  downloadMyData: () => api.download('/api/me/data'),
  /** Deletes the account; `email` is the typed verification. */
  deleteAccount: (email: string) => api.delete<AnswerOf<typeof deleteMe>>('/api/me', { usernameVerification: email }),
  sosContacts: (signal: AbortSignal) => api.get<SosList>('/api/sosContacts', { signal }),
  saveSosContacts: (list: SosListBody) =>
    api.put<AnswerOf<typeof replaceSosContacts>>('/api/sosContacts', { sos: { list } }),
  /** Any member gets the names of the company's people. */
  sosMembers: (signal: AbortSignal) => api.get<PickableMembers>('/api/users?page=1&pageSize=1000', { signal }),
};
