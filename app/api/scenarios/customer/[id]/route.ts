import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { deleteScenario } from '@/lib/scenarios/delete-scenario';
import { getScenario } from '@/lib/scenarios/get-scenario';
import { updateScenario } from '@/lib/scenarios/update-scenario';
import { scenarioBody, scenarioIdParams } from '@/lib/scenarios/scenario-fields';
import { startScenario, startScenarioBody } from '@/lib/scenarios/start-scenario';

export const GET = route({ feature: 'scenario', params: scenarioIdParams, summary: 'One scenario' }, getScenario);
export const PUT = route(
  { role: 'admin', feature: 'scenario', params: scenarioIdParams, body: scenarioBody },
  updateScenario,
);
export const DELETE = route({ role: 'admin', feature: 'scenario', params: scenarioIdParams }, deleteScenario);
export const POST = route(
  { feature: 'scenario', params: scenarioIdParams, body: startScenarioBody, status: 201 },
  startScenario,
);
export const { PATCH, OPTIONS } = otherMethods({ GET, POST, PUT, DELETE });
