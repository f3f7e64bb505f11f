import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { membershipInvitationBody } from '@/lib/members/find-membership-invitation';
import { readMembershipInvitation } from '@/lib/members/read-membership-invitation';

export const POST = route({ auth: 'none', body: membershipInvitationBody, throttled: true }, readMembershipInvitation);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
