import { messageTranslator } from '@/lib/i18n/message-translator';

export type SmsKind =
  | 'alert'
  | 'alertWithOptions'
  | 'alertWithOptionsAndLink'
  | 'replyAnswered'
  | 'replyNotAnOption'
  | 'replyAlertClosed'
  | 'appDownloadReminder'
  | 'replyConfirmed'
  | 'replyAddedToAlert'
  | 'sosAlertTitle'
  | 'sosDefaultMessage'
  | 'sosToContact'
  | 'sosPosition';

/** The text of an SMS in the recipient's language (messages `sms.*`; unknown locale → en-us). */
export async function composeSms(kind: SmsKind, locale: string, values: Record<string, string> = {}): Promise<string> {
  const { t } = await messageTranslator(locale, 'sms');
  return t(kind, values);
}
