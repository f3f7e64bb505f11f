import { api } from '@/lib/http/client';
import { apiQuery } from './api-query';

// The calls of the kit's own data widgets: the phone inputs' dial codes and the company's people of the people picker.

/** A company member as GET /api/users lists them (admins also get e-mail and whether the app is installed). */
export interface CompanyMember {
  userId: string;
  name: string;
  email?: string;
  profilePhoto: string | null;
  hasApp?: boolean;
}

export interface CompanyMembers {
  users: CompanyMember[];
}

export interface DialCodes {
  dialCodes: string[];
}

const COMPANY_MEMBERS_PATH = '/api/users';

export const companyMembersQuery = apiQuery<CompanyMembers>(COMPANY_MEMBERS_PATH);

export const uiApi = {
  companyMembers: () => api.get<CompanyMembers>(COMPANY_MEMBERS_PATH),
  /** The dial codes sign-up and phone numbers accept (no login needed). */
  dialCodes: () => api.get<DialCodes>('/api/signup/dialCodes', { anonymous: true }),
};
