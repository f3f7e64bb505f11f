// The rules of response options that the browser shares with the server (no imports: browser-safe).

export const ANSWER_KINDS = ['safe', 'needsHelp', 'other'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

export const MAX_RESPONSE_OPTIONS = 9;
export const MAX_OPTION_LABEL = 40;

/** An option as stored: a default one has no label. */
export type ResponseOption = { kind: AnswerKind; label?: string };

/** The set a sender starts from (the interface offers it): the two default options. */
export const DEFAULT_RESPONSE_OPTIONS: ResponseOption[] = [{ kind: 'safe' }, { kind: 'needsHelp' }];
