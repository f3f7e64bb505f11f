import { ApiError } from '@/lib/api-error';
import type { FoundMembership } from './find-session-with-membership';

/**
 * The company of the request (resolveSession looks it up with the session): the CustomerId header's when given (the
 * user must be an active member, else 403), otherwise the user's first company. A user with no company at all gets 403.
 */
export function requireMembership(found: FoundMembership | null, customerId: string | null): FoundMembership {
  if (found) return found;
  throw notAMember(customerId);
}

/** The 403 of a user without the membership asked for (customerId null: without any company). */
export function notAMember(customerId: string | null): ApiError {
  return ApiError.forbidden(
    customerId !== null ? 'You are not a member of this company' : 'You are not a member of any company',
  );
}
