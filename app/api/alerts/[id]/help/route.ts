import { alertIdParams } from '@/lib/alerts/find-visible-alert';
import { listHelpNeeds } from '@/lib/alerts/list-help-needs';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const GET = route(
  { params: alertIdParams, summary: 'The "needs help" triage queue of an alert (its sender and admins)' },
  listHelpNeeds,
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
