import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { recordAudit } from '@/lib/audit/record-audit';
import type { OperatorCtx } from '@/lib/context';
import { composeEmail } from '@/lib/email/compose-email';
import { env } from '@/lib/env';
import { sendEmail } from '@/lib/providers/email/send-email';
import { MAX_SALES_ANSWER, type SalesFormFieldName } from '@/lib/sales/sales-fields';
import { salesFieldsOf } from '@/lib/sales/sales-request-view';
import { wellFormed } from '@/lib/text/well-formed';
import {
  answerRecipientOf,
  OPERATOR_SALES_REQUEST_SELECT,
  operatorSalesRequestView,
  type operatorSalesRequestParams,
} from './sales-request-for-operator';

export const SALES_ANSWER_ACTION = 'sales.answered';
/** What the answer's e-mail repeats of the request: what was asked, not the requester's own phone or the facts. */
const REPEATED_FIELDS: readonly string[] = [
  'topic',
  'seatsWanted',
  'planWanted',
  'message',
] satisfies SalesFormFieldName[];

export const answerSalesRequestBody = z
  .object({
    /** The answer, trimmed: e-mailed to the requester and shown to the company's admins. */
    answer: z
      .string()
      .trim()
      // The API answers in its generic words ("answer is required"); these are the command's.
      .min(1, 'Write an answer')
      .max(MAX_SALES_ANSWER, `Write at most ${MAX_SALES_ANSWER} characters`)
      .transform(wellFormed),
  })
  .strict();

type Input = z.output<typeof operatorSalesRequestParams> & z.output<typeof answerSalesRequestBody>;

const alreadyAnswered = () =>
  ApiError.conflict('This sales request has already been answered; a request takes one answer').with({
    code: 'salesRequestAnswered',
  });

/**
 * POST /api/operator/salesRequests/{id}/answer, `npm run operator -- answer-sales-request` (issue 35): an operator
 * answers a company's sales request, once. In one transaction: the answer is kept, the company's audit log records it,
 * and the requester is e-mailed it in their language (Reply-To SALES_EMAIL when set; recorded in the company's outbox
 * without SMTP) — unless their account is deleted or they have left the company: then nobody is e-mailed and
 * `emailedTo` is null. Race-safe: the answer is written only where none is (a conditional update), so of two operators
 * answering at once one wins and the other gets 409, as does any later answer. 404 for an unknown id or a request of a
 * deleted company.
 */
export async function answerSalesRequest(ctx: OperatorCtx, { id, answer }: Input) {
  const request = await ctx.db.salesRequest.findFirst({
    where: { id, company: { deletedAt: null } },
    select: OPERATOR_SALES_REQUEST_SELECT,
  });
  if (!request) throw ApiError.notFound('The sales request');
  if (request.answeredAt) throw alreadyAnswered();
  const recipient = answerRecipientOf(request);
  const email = recipient
    ? await composeEmail('salesAnswer', recipient.locale, {
        name: recipient.name,
        companyName: request.company.name,
        fields: salesFieldsOf(request.fields).filter((field) => REPEATED_FIELDS.includes(field.name)),
        quote: answer,
        replyTo: env.SALES_EMAIL,
      })
    : null;
  const answered = await ctx.db.$transaction(async (tx) => {
    const { count } = await tx.salesRequest.updateMany({
      where: { id, answeredAt: null },
      data: { answer, answeredAt: ctx.now, answeredById: ctx.userId },
    });
    if (count === 0) throw alreadyAnswered();
    await recordAudit(tx, {
      companyId: request.companyId,
      actorId: ctx.userId,
      action: SALES_ANSWER_ACTION,
      entityType: 'salesRequest',
      entityId: id,
      data: { emailedTo: recipient?.email ?? null },
      createdAt: ctx.now,
    });
    if (recipient && email) {
      await sendEmail(
        { ...email, to: recipient.email, replyTo: env.SALES_EMAIL ?? null, companyId: request.companyId },
        tx,
      );
    }
    return tx.salesRequest.findUniqueOrThrow({ where: { id }, select: OPERATOR_SALES_REQUEST_SELECT });
  });
  return { ...operatorSalesRequestView(answered), emailedTo: recipient?.email ?? null };
}
