import type { Plan } from '@/lib/generated/prisma/enums';

// The "Contact sales" form (issue 19; spec §7, the marketing-form submission): a list of name/value pairs. The screen
// and the server share these names and limits; the server adds the facts it knows itself.

export const SALES_TOPICS = ['moreSeats', 'otherPlan', 'other'] as const;
export type SalesTopic = (typeof SALES_TOPICS)[number];

export const SALES_PLANS: Plan[] = ['free', 'professional', 'enterprise'];

export const MAX_SALES_MESSAGE = 5000;
export const MAX_SALES_PHONE = 40;
export const MAX_SEATS_WANTED = 100_000;
/** The longest answer an operator gives a request (issue 35). */
export const MAX_SALES_ANSWER = 5000;

interface FieldRule {
  /** Longest value, in characters. */
  max: number;
  /** The value must be one of these. */
  choices?: readonly string[];
  /** A whole number from 1 to this. */
  wholeNumberUpTo?: number;
}

/** The fields the form may send, in the order the e-mail lists them. */
export const SALES_FORM_FIELDS = {
  topic: { max: 20, choices: SALES_TOPICS },
  seatsWanted: { max: 6, wholeNumberUpTo: MAX_SEATS_WANTED },
  planWanted: { max: 20, choices: SALES_PLANS },
  message: { max: MAX_SALES_MESSAGE },
  phone: { max: MAX_SALES_PHONE },
} as const satisfies Record<string, FieldRule>;
export type SalesFormFieldName = keyof typeof SALES_FORM_FIELDS;

/**
 * The facts the server adds to every request, never taken from the client: a client may send these names (a generic
 * form sends whatever it has), and the server's values replace them.
 */
export const SALES_SERVER_FIELDS = [
  'requesterName',
  'requesterEmail',
  'companyName',
  'companyId',
  'plan',
  'includedSeats',
  'extraSeats',
  'seatsInUse',
] as const;
export type SalesServerFieldName = (typeof SALES_SERVER_FIELDS)[number];

export type SalesFieldName = SalesFormFieldName | SalesServerFieldName;

// A type, not an interface: Prisma stores it as JSON only with an implicit index signature.
export type SalesField = { name: string; value: string };

export const isSalesFormField = (name: string): name is SalesFormFieldName => Object.hasOwn(SALES_FORM_FIELDS, name);
export const isSalesServerField = (name: string): name is SalesServerFieldName =>
  (SALES_SERVER_FIELDS as readonly string[]).includes(name);

/** What is wrong with one form field's value (trimmed), in the API's generic words; undefined when it is fine. */
export function salesFieldProblem(name: SalesFormFieldName, value: string): string | undefined {
  const rule: FieldRule = SALES_FORM_FIELDS[name];
  if (value.length > rule.max) return `${name} cannot be longer than ${rule.max} characters`;
  if (rule.choices && !rule.choices.includes(value)) return `${name} is not valid`;
  if (rule.wholeNumberUpTo !== undefined) {
    const number = /^\d+$/.test(value) ? Number(value) : NaN;
    if (!(number >= 1 && number <= rule.wholeNumberUpTo)) return `${name} is not valid`;
  }
  return undefined;
}
