import type { Ctx } from '@/lib/context';
import { findLocation } from './find-location';
import { locationView } from './location-view';

/** GET /api/locations/{id}. */
export async function getLocation(ctx: Ctx, input: { id: string }) {
  return locationView(await findLocation(ctx, input.id));
}
