import { draftChangeBody } from '@/lib/alerts/alert-body';
import { deleteAlert } from '@/lib/alerts/delete-alert';
import { alertIdParams } from '@/lib/alerts/find-visible-alert';
import { getAlert } from '@/lib/alerts/get-alert';
import { updateDraft } from '@/lib/alerts/update-draft';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const GET = route({ params: alertIdParams, summary: 'Get an alert' }, (ctx, input) => getAlert(ctx, input));
export const DELETE = route({ params: alertIdParams }, deleteAlert);
export const PUT = route(
  { role: 'admin', params: alertIdParams, body: draftChangeBody, summary: 'Change a draft' },
  updateDraft,
);
export const { POST, PATCH, OPTIONS } = otherMethods({ GET, PUT, DELETE });
