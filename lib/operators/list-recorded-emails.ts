import type { z } from 'zod';
import type { OperatorCtx } from '@/lib/context';
import { pagingQuery } from '@/lib/http-parts/paging';
import { OUTBOX_PAGE_SIZE } from '@/lib/outbox/outbox-channels';
import { outboxPage } from '@/lib/outbox/list-outbox';

export const listRecordedEmailsQuery = pagingQuery(OUTBOX_PAGE_SIZE);

/**
 * GET /api/operator/emails: every e-mail the outbox recorded on the install instead of sending it (no SMTP), newest
 * first, of every company and of none — sign-up confirmations and password resets, which no company's outbox shows —
 * so that an operator of a fresh install can hand a person their link (issue 35).
 */
export function listRecordedEmails(ctx: OperatorCtx, input: z.output<typeof listRecordedEmailsQuery>) {
  return outboxPage(ctx.db, { channel: 'email' }, input);
}
