/**
 * The SMS keywords (issue 36): a whole message that is one of these words, in any case, with trailing dots or
 * exclamation marks allowed ("stop", "Stop!"); "STOP PLEASE" or "please stop" is an ordinary reply, as Twilio treats it.
 * `standard`: Twilio's own default keywords on long codes (it replies to them itself unless told not to).
 * Never "YES", "JA", "OK" or "1": those confirm alerts (confirming-reply.ts), so none of them opts a number back in,
 * though Twilio's defaults count YES as opt-in.
 */
const KEYWORDS: Record<string, { kind: SmsKeywordKind; standard: boolean }> = {
  ...words('optOut', true, ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']),
  // Norwegian and Swedish "stopp"; Norwegian "avmeld" and Danish "afmeld" (unsubscribe); Spanish "baja" (as in "dar de
  // baja") and "parar". Not Spanish "para" (also "for") nor Swedish "sluta" alone (also in ordinary sentences).
  ...words('optOut', false, ['STOPP', 'AVMELD', 'AFMELD', 'BAJA', 'PARAR']),
  ...words('optIn', true, ['START', 'UNSTOP']),
  ...words('help', true, ['HELP', 'INFO']),
  ...words('help', false, ['HJELP', 'HJÆLP', 'HJÄLP', 'AYUDA']),
};

export type SmsKeywordKind = 'optOut' | 'optIn' | 'help';

export interface SmsKeyword {
  kind: SmsKeywordKind;
  /** The keyword, upper-cased. */
  word: string;
  /** One of Twilio's default keywords, which Twilio answers itself under its default handling. */
  standard: boolean;
}

function words(kind: SmsKeywordKind, standard: boolean, list: string[]) {
  return Object.fromEntries(list.map((word) => [word, { kind, standard }]));
}

/** The keyword an inbound SMS is, or null for any other text. */
export function smsKeyword(body: string): SmsKeyword | null {
  const word = body
    .trim()
    .replace(/[.!\s]+$/, '')
    .toUpperCase();
  const keyword = KEYWORDS[word];
  return keyword ? { word, ...keyword } : null;
}

/**
 * Whether Tocsin replies to the keyword: always to the ones Twilio does not know; to Twilio's own ones only when
 * Twilio's default handling is off (`tocsin`), or the person would get two replies.
 */
export function tocsinReplies(keyword: SmsKeyword, replies: 'twilio' | 'tocsin'): boolean {
  return replies === 'tocsin' || !keyword.standard;
}
