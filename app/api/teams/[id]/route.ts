import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { deleteTeam } from '@/lib/teams/delete-team';
import { getTeam } from '@/lib/teams/get-team';
import { teamIdParams } from '@/lib/teams/team-fields';
import { updateTeam, updateTeamBody } from '@/lib/teams/update-team';

export const GET = route({ role: 'admin', params: teamIdParams }, getTeam);
export const PUT = route({ role: 'admin', params: teamIdParams, body: updateTeamBody }, updateTeam);
export const DELETE = route({ role: 'admin', params: teamIdParams }, deleteTeam);
export const { POST, PATCH, OPTIONS } = otherMethods({ GET, PUT, DELETE });
