import { getWebPushKey } from '@/lib/devices/get-web-push-key';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const GET = route(
  {
    auth: 'user',
    summary: 'The Web Push public key (VAPID) a browser subscribes with; null when Web Push is not configured',
  },
  getWebPushKey,
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
