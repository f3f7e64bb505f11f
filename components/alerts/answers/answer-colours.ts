import type { AnswerKind } from '@/lib/answers/answer-rules';

/** An answer's kind, or none yet: the filter and the chips of the answers. */
export type AnswerFilter = AnswerKind | 'none';

/** The answers in the order they are shown, each in its colour (chips, the bar, the table's answer). */
export const ANSWER_COLOURS: Record<AnswerFilter, string> = {
  needsHelp: '#d92d20',
  safe: '#079455',
  other: '#2e90fa',
  none: '#98a2b3',
};

export const ANSWER_ORDER = Object.keys(ANSWER_COLOURS) as AnswerFilter[];
