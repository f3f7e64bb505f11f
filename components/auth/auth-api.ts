import type { logIn } from '@/lib/auth/log-in';
import type { logInWithTotp } from '@/lib/auth/log-in-with-totp';
import type { AnswerOf } from '@/lib/http/answer-of';
import { api } from '@/lib/http/client';
import type { acceptMembershipInvitation } from '@/lib/members/accept-membership-invitation';
import type { readInvitation } from '@/lib/members/read-invitation';
import type { readMembershipInvitation } from '@/lib/members/read-membership-invitation';
import type { requestPasswordReset } from '@/lib/password/request-password-reset';
import type { updatePassword } from '@/lib/password/update-password';
import type { finishMicrosoftSignIn } from '@/lib/microsoft-sign-in/finish-microsoft-sign-in';
import type { startMicrosoftSignIn } from '@/lib/microsoft-sign-in/start-microsoft-sign-in';
import type { resendConfirmation } from '@/lib/signup/resend-confirmation';

// The calls of the login and password pages (contract-accounts.md). Those made without a login send no session.

/** A session: its token and the company it starts in. */
export type LoggedIn = AnswerOf<typeof logInWithTotp>;

/** What an invitation link's page shows: who was invited, to which company (null: no longer a member anywhere). */
export type Invitation = AnswerOf<typeof readInvitation>;

/** A company's invitation to an existing account (a directory provisioned its e-mail). */
export type MembershipInvitation = AnswerOf<typeof readMembershipInvitation>;
type JoinedCompany = AnswerOf<typeof acceptMembershipInvitation>;

/** How the session is kept: the console's (30 minutes idle, 12 hours at most) or a device's (the responder). */
export type SessionKind = 'console' | 'device';

/** A login answers the session, or asks for the one-time code of an account with two-step verification. */
export type LoginAnswer = AnswerOf<typeof logIn>;
type MicrosoftSignInAnswer = AnswerOf<typeof finishMicrosoftSignIn>;

export const authApi = {
  logIn: (body: { email: string; password: string; extendedLogin: boolean; sessionKind: SessionKind }) =>
    api.post<LoginAnswer>('/api/login', body, { anonymous: true }),
  logInWithCode: (body: {
    loginTicket: string | null;
    otp: string;
    extendedLogin: boolean;
    sessionKind: SessionKind;
  }) => api.post<LoggedIn>('/api/login/totp', body, { anonymous: true }),
  /**
   * Where to send the browser to sign in with Microsoft: the company's tenant at Microsoft, or the login page's neutral
   * note; the answer looks the same whether or not the e-mail has access.
   */
  startMicrosoftSignIn: (email: string) =>
    api.post<AnswerOf<typeof startMicrosoftSignIn>>('/api/login/microsoft', { email }, { anonymous: true }),
  /** Microsoft's answer (code and state, from the sign-in page's address) exchanged for a session (or the code step). */
  finishMicrosoftSignIn: (body: { code: string; state: string; sessionKind: SessionKind }) =>
    api.post<MicrosoftSignInAnswer>('/api/login/microsoft/callback', body, { anonymous: true }),
  /** E-mails a reset link; the answer is the same whether or not the account exists. */
  requestPasswordReset: (email: string) =>
    api.put<AnswerOf<typeof requestPasswordReset>>('/api/password/reset', { email }, { anonymous: true }),
  /** A new confirmation link for a sign-up still waiting; the answer is the same whatever the e-mail. */
  resendConfirmation: (email: string) =>
    api.post<AnswerOf<typeof resendConfirmation>>('/api/signup/resendConfirmation', { email }, { anonymous: true }),
  /** The invitation behind a link, without using the link up. */
  readInvitation: (token: string) => api.post<Invitation>('/api/invitation', { token }, { anonymous: true }),
  /** A company's invitation behind a /joinCompany link, without using the link up. */
  readMembershipInvitation: (token: string) =>
    api.post<MembershipInvitation>('/api/invitation/membership', { token }, { anonymous: true }),
  /** Joins the company of a /joinCompany link. */
  acceptMembershipInvitation: (token: string) =>
    api.post<JoinedCompany>('/api/invitation/membership/accept', { token }, { anonymous: true }),
  /** A new password by the e-mailed link's token (a reset link or an invitation, which also confirms the e-mail). */
  resetPassword: (token: string, password: string) =>
    api.put<AnswerOf<typeof updatePassword>>('/api/password/update', { token, password }, { anonymous: true }),
  /** A new password of the logged-in user, who confirms the current one. */
  changePassword: (currentPassword: string, password: string) =>
    api.put<AnswerOf<typeof updatePassword>>('/api/password/update', { currentPassword, password }),
};
