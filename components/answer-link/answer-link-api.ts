import type { AnswerOf } from '@/lib/http/answer-of';
import { api } from '@/lib/http/client';
import type { answerByLink } from '@/lib/receipts/answer-by-link';
import type { AnswerLinkView } from '@/lib/receipts/read-answer-link';

// The call of the tap-to-answer page (/a/<token>): no session, the link's token is the proof.

/** What the page shows (read on the server when the page is opened: opening records nothing). */
export type AnswerLink = AnswerLinkView;
export type LinkAnswer = AnswerOf<typeof answerByLink>;

export const answerLinkApi = {
  /** Answers the alert with option `option` (1-based) for the link's recipient. */
  answer: (token: string, option: number) =>
    api.post<LinkAnswer>(`/api/answerLinks/${encodeURIComponent(token)}`, { option }, { anonymous: true }),
};
