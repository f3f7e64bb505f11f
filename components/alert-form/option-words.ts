'use client';

import { useTranslations } from 'next-intl';
import type { AnswerKind } from '@/lib/answers/answer-rules';

/** An option's words for the reader: the sender's label, or a default option's words in the reader's language. */
export function useOptionWords(): (option: { kind: AnswerKind; label?: string | null }) => string {
  const defaults = useTranslations('answers.default');
  const kinds = useTranslations('answers.kinds');
  return (option) => option.label || (option.kind === 'other' ? kinds('other') : defaults(option.kind));
}
