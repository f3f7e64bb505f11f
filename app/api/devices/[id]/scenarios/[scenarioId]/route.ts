import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { deviceScenarioParams, deviceStartBody, startDeviceScenario } from '@/lib/scenarios/start-device-scenario';

export const POST = route(
  {
    feature: 'scenario',
    params: deviceScenarioParams,
    body: deviceStartBody,
    status: 201,
    summary: 'Start a scenario from the app',
  },
  startDeviceScenario,
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
