import { helpNeedParams, markHelpHandled, markHelpHandledBody } from '@/lib/alerts/mark-help-handled';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const POST = route(
  {
    params: helpNeedParams,
    body: markHelpHandledBody,
    summary: "Marks a person's need of help handled, with a note (the alert's sender and admins)",
  },
  markHelpHandled,
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
