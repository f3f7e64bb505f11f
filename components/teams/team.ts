/** The console page of one team. */
export const teamPath = (id: string) => `/company/teams/${id}`;
