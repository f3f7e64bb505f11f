import type { logOut } from '@/lib/auth/log-out';
import type { AnswerOf } from '@/lib/http/answer-of';
import { api } from '@/lib/http/client';
import type { Me } from './me';

// The calls of the session itself: who is logged in, and logging out.

export const sessionApi = {
  me: (signal: AbortSignal) => api.get<Me>('/api/me', { signal }),
  /** Ends the session on the server. */
  logOut: () => api.put<AnswerOf<typeof logOut>>('/api/logout'),
};
