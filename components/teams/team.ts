/** The console page of one team. */
export const teamPath = (id: string) => `/company/teams/${id}`;

/** The query that opens the member picker on the team's page (after creating the team). */
export const ADD_MEMBERS_QUERY = 'addMembers';

/** The team's page with the member picker open: where creating a team leads. */
export const teamPathAddingMembers = (id: string) => `${teamPath(id)}?${ADD_MEMBERS_QUERY}=1`;
