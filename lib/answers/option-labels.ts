import { messageTranslator } from '@/lib/i18n/message-translator';
import type { ResponseOption } from './response-options';

/** The words of each option in `locale`: the sender's label, or a default option's words in that language (`answers.*`). */
export async function optionLabels(options: ResponseOption[], locale: string): Promise<string[]> {
  if (options.length === 0) return [];
  const { t } = await messageTranslator(locale, 'answers');
  return options.map((option) => option.label ?? t(`default.${option.kind}`));
}
