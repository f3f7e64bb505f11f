import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { confirmAlert, confirmAlertBody, confirmAlertParams } from '@/lib/receipts/confirm-alert';

export const POST = route(
  { summary: 'Confirm that the person opened the alert', params: confirmAlertParams, body: confirmAlertBody },
  (ctx, input) => confirmAlert(ctx, input, 'seen'),
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
