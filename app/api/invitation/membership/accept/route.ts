import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { acceptMembershipInvitation } from '@/lib/members/accept-membership-invitation';
import { membershipInvitationBody } from '@/lib/members/find-membership-invitation';

export const POST = route(
  { auth: 'none', body: membershipInvitationBody, throttled: true },
  acceptMembershipInvitation,
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
