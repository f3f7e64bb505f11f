import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { memberParams } from '@/lib/members/find-member';
import { updateMember, updateMemberBody } from '@/lib/members/update-member';

export const PUT = route({ role: 'admin', params: memberParams, body: updateMemberBody }, updateMember);
export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
