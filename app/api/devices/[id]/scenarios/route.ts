import { deviceIdParams } from '@/lib/devices/device-body';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { listDeviceScenarios } from '@/lib/scenarios/list-device-scenarios';

export const GET = route(
  { feature: 'scenario', params: deviceIdParams, summary: "The scenarios for the app, the front page's marked" },
  listDeviceScenarios,
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
