import { apiQuery } from '@/components/ui/api-query';
import { api } from '@/lib/http/client';

// The team calls of the console (contract-people.md, spec §3), typed once for the list, the team page and its dialogs.

/** The Team object of /api/teams. */
export interface Team {
  id: string;
  name: string;
  description: string | null;
  managed: boolean;
  membersCount: number;
  members: { userId: string }[];
  profilePhotos: string[];
}

/** A person of GET /api/teams/{id}. */
export interface TeamPerson {
  userId: string;
  name: string;
  email: string;
  phone: string | null;
  profilePhoto: string | null;
  hasApp: boolean;
}

export interface TeamWithPeople extends Team {
  people: TeamPerson[];
}

export interface TeamsAnswer {
  teams: Team[];
  total: number;
}

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
  create: (body: TeamBody) => api.post<Team>('/api/teams', body),
  update: (teamId: string, body: TeamBody) => api.put<Team>(teamPath(teamId), body),
  remove: (teamId: string) => api.delete(teamPath(teamId)),
  addMembers: (teamId: string, userIds: string[]) =>
    api.post('/api/teams/members', { teamId, members: userIds.map((userId) => ({ userId })) }),
  removeMember: (teamId: string, userId: string) => api.delete('/api/teams/members', { teamId, members: [{ userId }] }),
};
