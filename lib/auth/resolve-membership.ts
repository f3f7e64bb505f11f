import { ApiError } from '@/lib/api-error';
import type { FoundMembership } from './find-session-with-membership';

/**
 * The company of the request (resolveSession looks it up with the session): the CustomerId header's when given (the
 * user must be an active member, else 403), otherwise the user's first company. A user with no company at all gets 403,
 * and so does a company the operators suspended.
 */
export function requireMembership(found: FoundMembership | null, customerId: string | null): FoundMembership {
  if (!found) throw notAMember(customerId);
  if (found.suspended) throw companySuspended();
  return found;
}

/** The 403 of a company the install's operators suspended (issue 35): its people are told whom to ask. */
export function companySuspended(): ApiError {
  return ApiError.forbidden('This company is suspended. Contact whoever runs Tocsin for you to restore it').with({
    code: 'companySuspended',
  });
}

/** The 403 of a user without the membership asked for (customerId null: without any company). */
export function notAMember(customerId: string | null): ApiError {
  return ApiError.forbidden(
    customerId !== null ? 'You are not a member of this company' : 'You are not a member of any company',
  );
}
