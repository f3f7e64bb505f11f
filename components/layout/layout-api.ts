import type { AnswerOf } from '@/lib/http/answer-of';
import { api } from '@/lib/http/client';
import type { listActiveMissions } from '@/lib/missions/list-active-missions';

// The calls of the console's frame.

/** GET /api/missions/all/active: the navigation only counts the items. */
export type ActiveMissions = AnswerOf<typeof listActiveMissions>;

export const layoutApi = {
  /** The company's active missions (admins). */
  activeMissions: () => api.get<ActiveMissions>('/api/missions/all/active'),
};
