import { deviceIdParams } from '@/lib/devices/device-body';
import { route } from '@/lib/http/route';
import { listDeviceScenarios } from '@/lib/scenarios/device-scenarios';

export const GET = route(
  { feature: 'scenario', params: deviceIdParams, summary: "The scenarios for the app, the front page's marked" },
  listDeviceScenarios,
);
