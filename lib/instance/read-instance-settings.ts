import type { OperatorCtx } from '@/lib/context';
import { getInstanceSettings } from './get-instance-settings';

/** The install's settings, for its operators (GET /api/operator/settings). */
export function readInstanceSettings(ctx: OperatorCtx) {
  return getInstanceSettings(ctx.db);
}
