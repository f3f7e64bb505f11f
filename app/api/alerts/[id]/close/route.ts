import { closeAlert, closeAlertBody } from '@/lib/alerts/close-alert';
import { alertIdParams } from '@/lib/alerts/find-visible-alert';
import { getAlert } from '@/lib/alerts/get-alert';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const POST = route(
  { params: alertIdParams, body: closeAlertBody, summary: 'Close an alert' },
  async (ctx, input) => {
    await closeAlert(ctx, input.id, input);
    return getAlert(ctx, input);
  },
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
