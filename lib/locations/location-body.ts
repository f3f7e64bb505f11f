import { z } from 'zod';

/** Body of POST /api/locations and PUT /api/locations/{id}; the geofence is checked by parseGeofence for its own codes. */
export const locationBody = z.object({
  name: z.string().trim().min(1).max(100),
  geofence: z.unknown().optional(),
});

export const locationParams = z.object({ id: z.uuid() });

export type LocationBody = z.output<typeof locationBody>;
