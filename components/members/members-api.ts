import type { AnswerOf } from '@/lib/http/answer-of';
import { ADD_USERS_TIMEOUT_MS, api } from '@/lib/http/client';
import type { addAccounts } from '@/lib/members/add-accounts';
import type { listMembers } from '@/lib/members/list-members';
import type { restoreMember } from '@/lib/members/restore-member';
import type { softDeleteMember } from '@/lib/members/soft-delete-member';
import type { updateMember } from '@/lib/members/update-member';
import type { validateAccountRows } from '@/lib/members/validate-account-rows';

// The members calls of the console (contract "Members"), typed once for the page, its dialogs and the import.

/** GET /api/users (admins: every field, and the seats; others: name and photo only). */
type MembersAnswer = AnswerOf<typeof listMembers>;
type AdminMembersAnswer = Extract<MembersAnswer, { seats: unknown }>;
export type MemberView = AnswerOf<typeof updateMember>;
export type Seats = AdminMembersAnswer['seats'];

/** One person to add, as the API takes it (role default "user"). */
export interface AccountRow {
  name: string;
  email: string;
  phone: string;
  role?: string;
}

export type CheckAnswer = AnswerOf<typeof validateAccountRows>;
export type RowStatus = CheckAnswer['rows'][number]['status'];
export type AddAnswer = AnswerOf<typeof addAccounts>;

/** The most rows one PUT or POST /api/accounts takes. */
export const MAX_BATCH_SIZE = 1000;
export const PAGE_SIZE = 1000;

/** Every member, from all the pages, and the seats. */
export type AllMembers = Pick<AdminMembersAnswer, 'users' | 'seats'>;

/** A page of the members as an admin gets it: every field, and the seats (others get names and photos only). */
async function adminPage(path: string, page: number, signal?: AbortSignal) {
  const answer = await api.get<MembersAnswer>(`${path}?page=${page}&pageSize=${PAGE_SIZE}`, { signal });
  if (!('seats' in answer)) throw new Error('Only admins get the members with their details');
  return answer;
}

/** Every member, page after page of 1000 (spec §7), with the seats of the first answer. */
async function listAll(withRemoved: boolean, signal?: AbortSignal): Promise<AllMembers> {
  const path = `/api/users${withRemoved ? '/with-soft-deleted' : ''}`;
  const first = await adminPage(path, 1, signal);
  const users = [...first.users];
  for (let page = 2; users.length < first.total && (page - 1) * PAGE_SIZE < first.total; page++) {
    users.push(...(await adminPage(path, page, signal)).users);
  }
  return { users, seats: first.seats };
}

export const membersApi = {
  list: listAll,
  /** Checks rows without saving (an import's preview). */
  check: (users: AccountRow[]) => api.put<CheckAnswer>('/api/accounts', { users }, { timeoutMs: ADD_USERS_TIMEOUT_MS }),
  add: (users: AccountRow[]) => api.post<AddAnswer>('/api/accounts', { users }, { timeoutMs: ADD_USERS_TIMEOUT_MS }),
  update: (userId: string, change: { name?: string; role?: string }) =>
    api.put<AnswerOf<typeof updateMember>>(`/api/accounts/${encodeURIComponent(userId)}`, change),
  remove: (userId: string) =>
    api.delete<AnswerOf<typeof softDeleteMember>>(`/api/accounts/${encodeURIComponent(userId)}/soft-delete`),
  restore: (userId: string) =>
    api.patch<AnswerOf<typeof restoreMember>>(`/api/accounts/${encodeURIComponent(userId)}/restore`),
};
