import type { MemberView } from '@/lib/members/member-view';
import { ADD_USERS_TIMEOUT_MS, api } from '@/lib/http/client';

// The members calls of the console (contract "Members"), typed once for the page, its dialogs and the import.

export type { MemberView };

export interface Seats {
  used: number;
  max: number;
}

export interface MembersAnswer {
  users: MemberView[];
  page: number;
  pageSize: number;
  total: number;
  seats: Seats;
}

/** One person to add, as the API takes it (role default "user"). */
export interface AccountRow {
  name: string;
  email: string;
  phone: string;
  role?: string;
}

export type RowStatus = 'new' | 'existing' | 'member' | 'invalid';

export interface CheckAnswer {
  rows: { index: number; status: RowStatus; codes: string[]; errors: string[] }[];
  summary: { new: number; existing: number; member: number; invalid: number };
  seats: Seats & { available: number };
}

export interface AddAnswer {
  added: { index: number; userId: string }[];
  skipped: { index: number; codes: string[] }[];
  failed: { index: number; codes: string[]; errors: string[] }[];
}

/** The most rows one PUT or POST /api/accounts takes. */
export const MAX_BATCH_SIZE = 1000;
export const PAGE_SIZE = 1000;

export interface AllMembers {
  users: MemberView[];
  seats: Seats;
}

/** Every member, page after page of 1000 (spec §7), with the seats of the first answer. */
async function listAll(withRemoved: boolean, signal?: AbortSignal): Promise<AllMembers> {
  const path = `/api/users${withRemoved ? '/with-soft-deleted' : ''}`;
  const first = await api.get<MembersAnswer>(`${path}?page=1&pageSize=${PAGE_SIZE}`, { signal });
  const users = [...first.users];
  for (let page = 2; users.length < first.total && (page - 1) * PAGE_SIZE < first.total; page++) {
    users.push(...(await api.get<MembersAnswer>(`${path}?page=${page}&pageSize=${PAGE_SIZE}`, { signal })).users);
  }
  return { users, seats: first.seats };
}

export const membersApi = {
  list: listAll,
  /** Checks rows without saving (an import's preview). */
  check: (users: AccountRow[]) => api.put<CheckAnswer>('/api/accounts', { users }, { timeoutMs: ADD_USERS_TIMEOUT_MS }),
  add: (users: AccountRow[]) => api.post<AddAnswer>('/api/accounts', { users }, { timeoutMs: ADD_USERS_TIMEOUT_MS }),
  update: (userId: string, change: { name?: string; role?: string }) =>
    api.put<MemberView>(`/api/accounts/${encodeURIComponent(userId)}`, change),
  remove: (userId: string) =>
    api.delete<Record<string, never>>(`/api/accounts/${encodeURIComponent(userId)}/soft-delete`),
  restore: (userId: string) => api.patch<MemberView>(`/api/accounts/${encodeURIComponent(userId)}/restore`),
};
