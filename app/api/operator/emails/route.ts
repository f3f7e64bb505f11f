import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { listRecordedEmails, listRecordedEmailsQuery } from '@/lib/operators/list-recorded-emails';

export const GET = route(
  {
    auth: 'operator',
    query: listRecordedEmailsQuery,
    summary: 'List the e-mails the outbox recorded, of every company',
  },
  listRecordedEmails,
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
