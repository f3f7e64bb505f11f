import { z } from 'zod';

/** A browser's Web Push subscription, as PushSubscription.toJSON() gives it. */
export const pushSubscription = z.object({
  endpoint: z.url().max(2000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
