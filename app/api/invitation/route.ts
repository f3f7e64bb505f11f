import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { readInvitation, readInvitationBody } from '@/lib/members/read-invitation';

export const POST = route({ auth: 'none', body: readInvitationBody, throttled: true }, readInvitation);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
