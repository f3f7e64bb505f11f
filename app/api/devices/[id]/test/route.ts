import { deviceIdParams } from '@/lib/devices/device-body';
import { sendTestPush } from '@/lib/devices/send-test-push';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const POST = route(
  {
    auth: 'user',
    params: deviceIdParams,
    status: 201,
    summary:
      'Send a test push to one of your devices now (at most one per device every 10 s): whether the push service took it',
  },
  sendTestPush,
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
