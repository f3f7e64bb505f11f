import type { AnswerChannel } from './record-answer';
import type { AnswerKind, ResponseOption } from './response-options';

/** A latest answer as stored on AlertRecipient (all null before the first). */
export interface LatestAnswerColumns {
  answerOption: number | null;
  answerKind: AnswerKind | null;
  answeredAt: Date | null;
  answerChannel: AnswerChannel | null;
}

/**
 * A person's latest answer as the API shows it: the option's number, kind and label (the sender's words, or null for a
 * default option, which each reader shows in their own language by its kind), its time and channel; null before any.
 */
export function answerView(row: LatestAnswerColumns, options: ResponseOption[]) {
  if (row.answerOption === null || row.answerKind === null || row.answeredAt === null || row.answerChannel === null) {
    return null;
  }
  return {
    option: row.answerOption,
    kind: row.answerKind,
    label: options[row.answerOption - 1]?.label ?? null,
    channel: row.answerChannel,
    answeredAt: row.answeredAt.toISOString(),
  };
}

/** An alert's options as the API shows them: numbered from 1, label null for a default option. */
export function responseOptionsView(options: ResponseOption[]) {
  return options.map((option, index) => ({ option: index + 1, kind: option.kind, label: option.label ?? null }));
}
