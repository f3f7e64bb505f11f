import { api } from '@/lib/http/client';

// The calls of the console's frame.

export const layoutApi = {
  /** The company's active missions (admins): the navigation only counts them. */
  activeMissions: () => api.get<{ items: unknown[] }>('/api/missions/all/active'),
};
