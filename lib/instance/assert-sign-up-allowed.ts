import { ApiError } from '@/lib/api-error';
import type { DbClient } from '@/lib/db';
import { getInstanceSettings, type InstanceSettings } from './get-instance-settings';

/** The part of an e-mail address after its last @, lower-cased. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/** Null when the policy lets this e-mail make a company, else why not. */
export function signUpRefusal(settings: Pick<InstanceSettings, 'signUpPolicy' | 'signUpDomains'>, email: string) {
  if (settings.signUpPolicy === 'open') return null;
  if (settings.signUpPolicy === 'closed') {
    return ApiError.forbidden(
      'New companies cannot sign up on this Tocsin. Ask whoever runs it, or an admin of your company for an invitation',
    ).with({ code: 'signUpClosed' });
  }
  if (settings.signUpDomains.includes(emailDomain(email))) return null;
  return ApiError.forbidden(
    `Only e-mail addresses at ${settings.signUpDomains.join(', ')} can sign up a company on this Tocsin`,
  ).with({ code: 'signUpDomainRefused', domains: settings.signUpDomains });
}

/**
 * Sign-up and /newCompany make a company only as the install's sign-up policy allows (issue 35): open to anyone, to
 * e-mail addresses of listed domains, or closed. An operator may always make one.
 */
export async function assertSignUpAllowed(db: DbClient, email: string, byOperator = false): Promise<void> {
  if (byOperator) return;
  const refusal = signUpRefusal(await getInstanceSettings(db), email);
  if (refusal) throw refusal;
}
