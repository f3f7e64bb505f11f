import { z } from 'zod';
import { ANSWER_KINDS, MAX_OPTION_LABEL, MAX_RESPONSE_OPTIONS, type ResponseOption } from './answer-rules';

export {
  ANSWER_KINDS,
  DEFAULT_RESPONSE_OPTIONS,
  MAX_OPTION_LABEL,
  MAX_RESPONSE_OPTIONS,
  type AnswerKind,
  type ResponseOption,
} from './answer-rules';

/**
 * One response option: its kind, and the sender's label for a custom option. Without a label it is a default option,
 * shown in each recipient's own language ("I'm safe", "I need help"; other has no default words, so it needs a label).
 */
export const responseOption = z
  .object({
    kind: z.enum(ANSWER_KINDS),
    // null as the reads give it for a default option (answer-view.ts), so that a draft read back can be sent as it is.
    label: z
      .string()
      .trim()
      .min(1)
      .max(MAX_OPTION_LABEL)
      .nullish()
      .transform((label) => label ?? undefined),
  })
  .refine((option) => option.kind !== 'other' || option.label !== undefined, {
    message: 'A response option of kind other needs a label',
    path: ['label'],
  });

/** An alert's options as a body gives them: none (asks nothing), or 1..9, numbered by their place from 1. */
export const responseOptionsField = z
  .array(responseOption)
  .refine(
    (list) => list.length <= MAX_RESPONSE_OPTIONS,
    `There can be at most ${MAX_RESPONSE_OPTIONS} response options`,
  )
  .default([]);

/** Alert.responseOptions as stored (JSON written by responseOptionsField only); anything unreadable counts as none. */
export function storedResponseOptions(value: unknown): ResponseOption[] {
  const parsed = z.array(responseOption).safeParse(value);
  return parsed.success ? parsed.data : [];
}

/** The option a number names (1-based), if the alert has it. */
export function optionNumbered(options: ResponseOption[], option: number): ResponseOption | undefined {
  return Number.isInteger(option) && option >= 1 ? options[option - 1] : undefined;
}
