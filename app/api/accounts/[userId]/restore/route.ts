import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { restoreMember } from '@/lib/members/restore-member';
import { memberParams } from '@/lib/members/find-member';

export const PATCH = route({ role: 'admin', params: memberParams }, restoreMember);
export const { GET, POST, PUT, DELETE, OPTIONS } = otherMethods({ PATCH });
