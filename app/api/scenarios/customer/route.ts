import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { listScenarios } from '@/lib/scenarios/list-scenarios';
import { createScenario } from '@/lib/scenarios/create-scenario';
import { scenarioBody } from '@/lib/scenarios/scenario-fields';

export const GET = route({ feature: 'scenario' }, listScenarios);
export const POST = route({ role: 'admin', feature: 'scenario', body: scenarioBody, status: 201 }, createScenario);
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
