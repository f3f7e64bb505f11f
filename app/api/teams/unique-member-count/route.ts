import { route } from '@/lib/http/route';
import { countUniqueMembers, countUniqueMembersQuery } from '@/lib/teams/count-unique-members';

export const GET = route({ role: 'admin', query: countUniqueMembersQuery }, countUniqueMembers);
