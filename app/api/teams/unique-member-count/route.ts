import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { countUniqueMembers, countUniqueMembersQuery } from '@/lib/teams/count-unique-members';

export const GET = route({ role: 'admin', query: countUniqueMembersQuery }, countUniqueMembers);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
