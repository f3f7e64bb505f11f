import { api } from '@/lib/http/client';

// The calls of the console's frame.

/** GET /api/missions/all/active: the navigation only counts the items. */
export interface ActiveMissions {
  items: unknown[];
}

export const layoutApi = {
  /** The company's active missions (admins). */
  activeMissions: () => api.get<ActiveMissions>('/api/missions/all/active'),
};
