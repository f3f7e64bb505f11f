import { confirmTestPush } from '@/lib/devices/confirm-test-push';
import { deviceTestParams } from '@/lib/devices/device-body';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const POST = route(
  {
    auth: 'user',
    params: deviceTestParams,
    summary: 'The device got its latest test push: records when (only the device’s latest test counts)',
  },
  confirmTestPush,
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
