import { ApiError } from '@/lib/api-error';
import { canManageAlert } from './can-manage-alert';
import { findVisibleAlert } from './find-visible-alert';
import type { Ctx } from '@/lib/context';
import { storedResponseOptions } from '@/lib/answers/response-options';

/**
 * An alert of the company whose answers the viewer may act on: its sender or an admin (403 for its other recipients,
 * 404 for an alert they cannot see, another company's included), with its response options.
 */
export async function findManagedAlert(ctx: Ctx, alertId: string) {
  const alert = await findVisibleAlert(ctx, alertId, {
    id: true,
    authorId: true,
    status: true,
    responseOptions: true,
  });
  if (!canManageAlert(ctx, alert)) throw ApiError.forbidden('Only an admin or the sender can act on the answers');
  return { ...alert, options: storedResponseOptions(alert.responseOptions) };
}
