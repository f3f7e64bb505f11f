import { ApiCallError } from '@/lib/http/client';

const TEXT_BY_CODE: Record<string, { title: string; message: string }> = {
  captcha: { title: 'errors.robotTitle', message: 'errors.robotMessage' },
  userExists: { title: 'errors.userExistsTitle', message: 'errors.userExistsMessage' },
  dialCode: { title: 'errors.dialCodeTitle', message: 'errors.dialCodeMessage' },
  eula: { title: 'errors.registrationTitle', message: 'errors.eulaMessage' },
  signUpClosed: { title: 'errors.closedTitle', message: 'errors.closedMessage' },
  signUpDomainRefused: { title: 'errors.domainTitle', message: 'errors.domainMessage' },
};

/** The error dialog's title and message keys (namespace signup) for a failed sign-up, by the answer's code (spec §8). */
export function signupErrorText(error: unknown): { title: string; message: string } {
  const code = error instanceof ApiCallError ? error.code : undefined;
  return (code && TEXT_BY_CODE[code]) || { title: 'errors.registrationTitle', message: 'errors.registrationMessage' };
}
