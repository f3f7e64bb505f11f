/** The Team object of /api/teams (contract-people.md, spec §3). */
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

export const teamPath = (id: string) => `/company/teams/${id}`;
