import type { AnswerOf } from '@/lib/http/answer-of';
import { api } from '@/lib/http/client';
import type { activateAccount } from '@/lib/signup/activate-account';
import type { signUp } from '@/lib/signup/sign-up';
import type { getSignUpPolicy } from '@/lib/instance/get-sign-up-policy';

// The calls of the sign-up and its confirmation link, made without a login.

/** Where the captcha widget fetches its challenge. */
export const CAPTCHA_CHALLENGE_PATH = '/api/signup/captcha';

export interface SignupBody {
  companyName: string;
  name: string;
  email: string;
  phone: string;
  password: string;
  acceptEula: true;
  captcha: string;
  locale: string;
}

/** The account and company a confirmation link activated. */
export type Activated = AnswerOf<typeof activateAccount>;

/** Where the confirmation link went. */
export type SignedUp = AnswerOf<typeof signUp>;

/** Who may sign up a company on this install (issue 35). */
export type SignUpPolicy = AnswerOf<typeof getSignUpPolicy>;

export const signupApi = {
  policy: (signal?: AbortSignal) => api.get<SignUpPolicy>('/api/signup/policy', { anonymous: true, signal }),
  signUp: (body: SignupBody) => api.post<SignedUp>('/api/signup', body, { anonymous: true }),
  activate: (token: string) => api.post<Activated>('/api/signup/activate', { token }, { anonymous: true }),
};
