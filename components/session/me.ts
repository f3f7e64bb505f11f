import type { AnswerOf } from '@/lib/http/answer-of';
import type { getMe } from '@/lib/me/get-me';

/** GET /api/me (contract-accounts.md, spec §3 Profile). */
export type Me = AnswerOf<typeof getMe>;

export type UpdateUser = (change: Partial<Me['user']>) => void;
