import { apiQuery } from '@/components/ui/api-query';
import type { AnswerOf } from '@/lib/http/answer-of';
import { api } from '@/lib/http/client';
import type { addTeamMembers } from '@/lib/teams/add-team-members';
import type { createTeam } from '@/lib/teams/create-team';
import type { deleteTeam } from '@/lib/teams/delete-team';
import type { getTeam } from '@/lib/teams/get-team';
import type { listTeams } from '@/lib/teams/list-teams';
import type { removeTeamMembers } from '@/lib/teams/remove-team-members';
import type { updateTeam } from '@/lib/teams/update-team';

// The team calls of the console (contract-people.md, spec §3), typed once for the list, the team page and its dialogs.

export type TeamsAnswer = AnswerOf<typeof listTeams>;
/** The Team object of /api/teams. */
export type Team = TeamsAnswer['teams'][number];
/** GET /api/teams/{id}: the team and its people. */
export type TeamWithPeople = AnswerOf<typeof getTeam>;
export type TeamPerson = TeamWithPeople['people'][number];

/** The body of POST /api/teams and PUT /api/teams/{id}. */
export interface TeamBody {
  name: string;
  description: string | null;
}

const teamPath = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}`;

/** The company's teams, each with up to `photosCount` member photos. */
export const teamsQuery = (photosCount: number) =>
  apiQuery<TeamsAnswer>(`/api/teams?profilePhotosCount=${photosCount}`);
export const teamQuery = (teamId: string) => apiQuery<TeamWithPeople>(teamPath(teamId));

export const teamsApi = {
  create: (body: TeamBody) => api.post<AnswerOf<typeof createTeam>>('/api/teams', body),
  update: (teamId: string, body: TeamBody) => api.put<AnswerOf<typeof updateTeam>>(teamPath(teamId), body),
  remove: (teamId: string) => api.delete<AnswerOf<typeof deleteTeam>>(teamPath(teamId)),
  addMembers: (teamId: string, userIds: string[]) =>
    api.post<AnswerOf<typeof addTeamMembers>>('/api/teams/members', {
      teamId,
      members: userIds.map((userId) => ({ userId })),
    }),
  removeMember: (teamId: string, userId: string) =>
    api.delete<AnswerOf<typeof removeTeamMembers>>('/api/teams/members', { teamId, members: [{ userId }] }),
};
