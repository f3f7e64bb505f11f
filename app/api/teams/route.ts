import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { createTeam, createTeamBody } from '@/lib/teams/create-team';
import { listTeams, listTeamsQuery } from '@/lib/teams/list-teams';

export const GET = route({ role: 'admin', query: listTeamsQuery }, listTeams);
export const POST = route({ role: 'admin', body: createTeamBody, status: 201 }, createTeam);
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
