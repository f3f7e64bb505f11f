import type { AnswerOf } from '@/lib/http/answer-of';
import { api } from '@/lib/http/client';
import type { listMembers } from '@/lib/members/list-members';
import type { listDialCodes } from '@/lib/phone/list-dial-codes';
import { apiQuery } from './api-query';

// The calls of the kit's own data widgets: the phone inputs' dial codes and the company's people of the people picker.

/** GET /api/users: the company's members (admins also get e-mail, whether the app is installed...). */
export type CompanyMembers = AnswerOf<typeof listMembers>;
export type CompanyMember = CompanyMembers['users'][number];
export type DialCodes = AnswerOf<typeof listDialCodes>;

const COMPANY_MEMBERS_PATH = '/api/users';

export const companyMembersQuery = apiQuery<CompanyMembers>(COMPANY_MEMBERS_PATH);

export const uiApi = {
  companyMembers: () => api.get<CompanyMembers>(COMPANY_MEMBERS_PATH),
  /** The dial codes sign-up and phone numbers accept (no login needed). */
  dialCodes: () => api.get<DialCodes>('/api/signup/dialCodes', { anonymous: true }),
};
