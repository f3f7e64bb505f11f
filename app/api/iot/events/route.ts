import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { iotPressHeaders } from '@/lib/iot/read-iot-press';
import { receiveIotPress } from '@/lib/iot/receive-iot-press';

export const POST = route(
  {
    auth: 'buttonCode',
    summary: 'A press of a Flic button, posted by its hub (headers action and code; docs/flic.md)',
    read: iotPressHeaders,
    throttled: true,
    status: (pressed) => (pressed.result === 'started' ? 201 : 200),
  },
  receiveIotPress,
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
