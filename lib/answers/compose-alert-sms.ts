import { composeSms } from '@/lib/sms/compose-sms';
import { optionLabels } from './option-labels';
import type { ResponseOption } from './response-options';

/**
 * The alert SMS in the recipient's language. With response options, its last line lists them in place of "Reply OK to
 * confirm" (an answer confirms too): "Reply 1=I'm safe, 2=I need help", as short as they can be written, so that the
 * text stays one segment wherever the sender's own words allow (docs/decisions.md: response options by SMS). The sender's
 * title, message and labels are never cut: a longer text goes as a concatenated SMS. With `answerLink` (the recipient's
 * tap-to-answer page, lib/answers/answer-link-token.ts) the line ends "or tap <link>": usually two segments then.
 */
export async function composeAlertSms(
  alert: { title: string; message: string; responseOptions: ResponseOption[] },
  locale: string,
  answerLink?: string | null,
): Promise<string> {
  const { title, message } = alert;
  if (alert.responseOptions.length === 0) return composeSms('alert', locale, { title, message });
  const options = await smsOptionList(alert.responseOptions, locale);
  if (answerLink) return composeSms('alertWithOptionsAndLink', locale, { title, message, options, link: answerLink });
  return composeSms('alertWithOptions', locale, { title, message, options });
}

/** "1=I'm safe, 2=I need help": the options with their numbers, in `locale`. */
export async function smsOptionList(options: ResponseOption[], locale: string): Promise<string> {
  const labels = await optionLabels(options, locale);
  return labels.map((label, index) => `${index + 1}=${label}`).join(', ');
}
