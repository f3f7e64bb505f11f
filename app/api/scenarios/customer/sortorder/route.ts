import { route } from '@/lib/http/route';
import { sortScenarios, sortScenariosBody } from '@/lib/scenarios/sort-scenarios';

export const PUT = route({ role: 'admin', feature: 'scenario', body: sortScenariosBody }, sortScenarios);
