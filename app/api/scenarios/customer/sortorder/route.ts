import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { sortScenarios, sortScenariosBody } from '@/lib/scenarios/sort-scenarios';

export const PUT = route({ role: 'admin', feature: 'scenario', body: sortScenariosBody }, sortScenarios);
export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
