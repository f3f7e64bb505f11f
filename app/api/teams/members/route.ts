import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { addTeamMembers } from '@/lib/teams/add-team-members';
import { removeTeamMembers } from '@/lib/teams/remove-team-members';
import { teamMembersBody } from '@/lib/teams/team-members-body';

export const POST = route({ role: 'admin', body: teamMembersBody }, addTeamMembers);
export const DELETE = route({ role: 'admin', body: teamMembersBody }, removeTeamMembers);
export const { GET, PUT, PATCH, OPTIONS } = otherMethods({ POST, DELETE });
