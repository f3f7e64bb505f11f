import type { Prisma } from '@/lib/generated/prisma/client';
import type { SalesField } from './sales-fields';

/** The columns of a request's answer (issue 35): what the operators answered, when, and who (by name). */
export const SALES_ANSWER_SELECT = {
  answer: true,
  answeredAt: true,
  answeredBy: { select: { name: true } },
} satisfies Prisma.SalesRequestSelect;

/** The columns a sales request is shown with (GET and POST /api/customer/contactSales). */
export const SALES_REQUEST_SELECT = {
  id: true,
  fields: true,
  sentTo: true,
  createdAt: true,
  user: { select: { id: true, name: true } },
  ...SALES_ANSWER_SELECT,
} satisfies Prisma.SalesRequestSelect;

type SalesRequestRow = Prisma.SalesRequestGetPayload<{ select: typeof SALES_REQUEST_SELECT }>;
type SalesAnswerRow = Prisma.SalesRequestGetPayload<{ select: typeof SALES_ANSWER_SELECT }>;

/** The stored name/value pairs of a request, in their order; anything else in the JSON column is left out. */
export function salesFieldsOf(json: Prisma.JsonValue): SalesField[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((field) => {
    if (field === null || typeof field !== 'object' || Array.isArray(field)) return [];
    const { name, value } = field;
    return typeof name === 'string' && typeof value === 'string' ? [{ name, value }] : [];
  });
}

/** The topic chosen on the form; null: none. */
export function salesTopicOf(fields: SalesField[]): string | null {
  return fields.find((field) => field.name === 'topic')?.value ?? null;
}

/**
 * The answer (null while open), when (null: open) and who answered by name (null: the operator command, or an
 * account since deleted).
 */
export function salesAnswerView(row: SalesAnswerRow) {
  return {
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    answeredBy: row.answeredBy ? { name: row.answeredBy.name } : null,
  };
}

/**
 * When, who (null once their account is gone), the topic chosen (null: none), where it was e-mailed (null: not), and
 * the operators' answer.
 */
export function salesRequestView(row: SalesRequestRow) {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    by: row.user ? { userId: row.user.id, name: row.user.name } : null,
    topic: salesTopicOf(salesFieldsOf(row.fields)),
    sentTo: row.sentTo,
    ...salesAnswerView(row),
  };
}
