import { alertBody } from '@/lib/alerts/alert-body';
import { sendAlert } from '@/lib/alerts/send-alert';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const POST = route(
  { role: 'admin', body: alertBody, summary: 'Send an alert or urgent alert', status: 201 },
  (ctx, input) => sendAlert(ctx, input, 'alert'),
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
