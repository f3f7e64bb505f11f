import { z } from 'zod';
import type { Prisma } from '@/lib/generated/prisma/client';
import { SALES_ANSWER_SELECT, salesAnswerView, salesFieldsOf, salesTopicOf } from '@/lib/sales/sales-request-view';

export const operatorSalesRequestParams = z.object({ id: z.uuid() });

/** A sales request's columns as its operators see it: the company, the requester and their memberships, the answer. */
export const OPERATOR_SALES_REQUEST_SELECT = {
  id: true,
  companyId: true,
  fields: true,
  sentTo: true,
  createdAt: true,
  company: { select: { id: true, name: true, plan: true } },
  user: {
    select: {
      name: true,
      email: true,
      locale: true,
      memberships: { where: { deletedAt: null }, select: { companyId: true } },
    },
  },
  ...SALES_ANSWER_SELECT,
} satisfies Prisma.SalesRequestSelect;

export type OperatorSalesRequestRow = Prisma.SalesRequestGetPayload<{ select: typeof OPERATOR_SALES_REQUEST_SELECT }>;

/**
 * Whom the answer is e-mailed to: the requester while they are still a member of the company that asked. An account
 * since deleted, or a person who has left the company, gets nothing; the answer is kept and shown to the company's
 * admins on its "Contact sales" screen (docs/decisions.md, "Answering sales requests").
 */
export function answerRecipientOf(row: OperatorSalesRequestRow) {
  const user = row.user;
  if (!user || !user.memberships.some((membership) => membership.companyId === row.companyId)) return null;
  return { name: user.name, email: user.email, locale: user.locale };
}

/**
 * A request for the operators (GET /api/operator/salesRequests): when, the company and its plan now, the requester
 * (null once their account is deleted; `inCompany` false once they have left it, and then nobody is e-mailed the
 * answer), the topic, every stored field (the form's, then the server's facts at the time), where the request was
 * e-mailed, and the answer.
 */
export function operatorSalesRequestView(row: OperatorSalesRequestRow) {
  const fields = salesFieldsOf(row.fields);
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    company: row.company,
    requester: row.user
      ? { name: row.user.name, email: row.user.email, inCompany: answerRecipientOf(row) !== null }
      : null,
    topic: salesTopicOf(fields),
    fields,
    sentTo: row.sentTo,
    ...salesAnswerView(row),
  };
}

export type OperatorSalesRequest = ReturnType<typeof operatorSalesRequestView>;
