import { deviceIdParams, positionBody } from '@/lib/devices/device-body';
import { recordPosition } from '@/lib/devices/record-position';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const POST = route({ auth: 'user', params: deviceIdParams, body: positionBody, status: 201 }, recordPosition);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
