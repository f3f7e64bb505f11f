import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { softDeleteMember } from '@/lib/members/soft-delete-member';
import { memberParams } from '@/lib/members/find-member';

export const DELETE = route({ role: 'admin', params: memberParams }, softDeleteMember);
export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
