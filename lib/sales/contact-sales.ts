import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { recordAudit } from '@/lib/audit/record-audit';
import { getSeats } from '@/lib/companies/get-seats';
import type { Ctx } from '@/lib/context';
import { composeEmail } from '@/lib/email/compose-email';
import { env } from '@/lib/env';
import { sendEmail } from '@/lib/providers/email/send-email';
import { wellFormed } from '@/lib/text/well-formed';
import { takeAllowance, THROTTLES } from '@/lib/throttle/take-allowance';
import {
  isSalesFormField,
  isSalesServerField,
  MAX_SALES_MESSAGE,
  SALES_FORM_FIELDS,
  salesFieldProblem,
  type SalesField,
  type SalesServerFieldName,
} from './sales-fields';
import { SALES_REQUEST_SELECT, salesRequestView } from './sales-request-view';

export const SALES_REQUEST_ACTION = 'sales.requested';

export const contactSalesBody = z.object({
  fields: z
    .array(z.object({ name: z.string().trim().min(1).max(100), value: z.string().max(MAX_SALES_MESSAGE * 2) }))
    .max(30),
});

/**
 * The form's fields, trimmed, blanks left out, in the form's order; the names of the server's facts are dropped (the
 * server's values replace them). 400 with a message per problem: an unknown or repeated name, a value too long or not
 * one of its choices, neither a topic nor a message.
 */
function checkFormFields(fields: z.output<typeof contactSalesBody>['fields']): SalesField[] {
  const problems: string[] = [];
  const given = new Map<string, string>();
  fields.forEach(({ name, value }, index) => {
    if (isSalesServerField(name)) return;
    if (!isSalesFormField(name) || given.has(name)) {
      problems.push(`fields.${index}.name is not valid`);
      return;
    }
    const trimmed = wellFormed(value).trim();
    given.set(name, trimmed);
    const problem = trimmed === '' ? undefined : salesFieldProblem(name, trimmed);
    if (problem) problems.push(problem);
  });
  if (!given.get('topic') && !given.get('message')) problems.push('message is required');
  if (problems.length) throw new ApiError(400, problems);
  return Object.keys(SALES_FORM_FIELDS).flatMap((name) => {
    const value = given.get(name);
    return value ? [{ name, value }] : [];
  });
}

/**
 * POST /api/customer/contactSales (issue 19; spec §7's marketing-form submission): an admin asks for more seats or
 * another plan. The form's name/value pairs, with the facts the server knows (who asks, the company, its plan and
 * seats), are recorded with the audit log and, when SALES_EMAIL is set, e-mailed there in the asker's language with
 * Reply-To the asker, in the same transaction. Without SALES_EMAIL the request is only recorded (`sentTo: null`).
 * At most 10 an hour per company (429 `throttled`).
 */
export async function contactSales(ctx: Ctx, input: z.output<typeof contactSalesBody>) {
  const formFields = checkFormFields(input.fields);
  const allowance = await takeAllowance([{ rule: THROTTLES.salesRequests, subject: ctx.company.id }]);
  try {
    const [requester, seats] = await Promise.all([
      ctx.db.user.findUniqueOrThrow({
        where: { id: ctx.userId },
        select: { name: true, email: true, locale: true },
      }),
      getSeats(ctx),
    ]);
    const facts: Record<SalesServerFieldName, string> = {
      requesterName: requester.name,
      requesterEmail: requester.email,
      companyName: ctx.company.name,
      companyId: ctx.company.id,
      plan: seats.plan,
      includedSeats: String(seats.includedSeats),
      extraSeats: String(seats.extraSeats),
      seatsInUse: String(seats.inUse),
    };
    const fields = [...formFields, ...Object.entries(facts).map(([name, value]) => ({ name, value }))];
    const sentTo = env.SALES_EMAIL ?? null;
    const email = sentTo
      ? await composeEmail('salesRequest', requester.locale, {
          name: requester.name,
          companyName: ctx.company.name,
          fields,
        })
      : null;
    const created = await ctx.db.$transaction(async (tx) => {
      const request = await tx.salesRequest.create({
        data: { companyId: ctx.company.id, userId: ctx.userId, fields, sentTo },
        select: SALES_REQUEST_SELECT,
      });
      await recordAudit(tx, {
        companyId: ctx.company.id,
        actorId: ctx.userId,
        action: SALES_REQUEST_ACTION,
        entityType: 'salesRequest',
        entityId: request.id,
        data: { topic: formFields.find((field) => field.name === 'topic')?.value ?? null, sentTo },
      });
      if (sentTo && email) {
        await sendEmail({ ...email, to: sentTo, replyTo: requester.email, companyId: ctx.company.id }, tx);
      }
      return request;
    });
    return salesRequestView(created);
  } catch (error) {
    // A request that was not recorded does not count against the company.
    await allowance.giveBack();
    throw error;
  }
}
