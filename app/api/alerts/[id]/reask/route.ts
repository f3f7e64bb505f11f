import { alertIdParams } from '@/lib/alerts/find-visible-alert';
import { reaskAlert } from '@/lib/alerts/reask-alert';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const POST = route(
  {
    params: alertIdParams,
    summary: "Asks the alert's question again of everyone who has not answered (the sender and admins)",
  },
  reaskAlert,
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
