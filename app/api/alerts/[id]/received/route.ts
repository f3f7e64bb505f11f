import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { confirmAlert, confirmAlertBody, confirmAlertParams } from '@/lib/receipts/confirm-alert';

export const POST = route(
  { summary: 'Confirm that the alert reached the app', params: confirmAlertParams, body: confirmAlertBody },
  (ctx, input) => confirmAlert(ctx, input, 'received'),
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
