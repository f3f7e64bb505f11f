import { apiQuery } from '@/components/ui/api-query';
import { api } from '@/lib/http/client';
import type { getLastUserPosition } from '@/lib/missions/get-last-user-position';
import type { getMission } from '@/lib/missions/get-mission';
import type { getMissionSubscribers } from '@/lib/missions/get-mission-subscribers';
import type { listActiveMissions, listFinishedMissions } from '@/lib/missions/list-missions';

// The mission calls of the console, typed from the server functions (type imports only: no server code here).

export type Mission = Awaited<ReturnType<typeof getMission>>;
export type ActiveMissions = Awaited<ReturnType<typeof listActiveMissions>>;
export type FinishedMissions = Awaited<ReturnType<typeof listFinishedMissions>>;
export type MissionSubscribers = Awaited<ReturnType<typeof getMissionSubscribers>>;
export type LastPosition = Awaited<ReturnType<typeof getLastUserPosition>>['position'];

export const FINISHED_PAGE_SIZE = 25;

const missionPath = (missionId: string) => `/api/missions/${encodeURIComponent(missionId)}`;

export const activeMissionsQuery = apiQuery<ActiveMissions>('/api/missions/all/active');
export const finishedMissionsQuery = (page: number) =>
  apiQuery<FinishedMissions>(
    `/api/missions/all/finished?${new URLSearchParams({ page: String(page), pageSize: String(FINISHED_PAGE_SIZE), includeTotal: 'true' })}`,
  );
export const missionQuery = (missionId: string) => apiQuery<Mission>(missionPath(missionId));
export const subscribersQuery = apiQuery<MissionSubscribers>('/api/missions/subscribers');

export const missionsApi = {
  finish: (missionId: string) => api.put<Mission>(`${missionPath(missionId)}/finish`),
  saveSubscribers: (subscriberIds: string[]) =>
    api.put<MissionSubscribers>('/api/missions/subscribers', { subscriberIds }),
};
export const lastPositionQuery = (userId: string) =>
  apiQuery<{ position: LastPosition }>(`/api/missions/positions/last/user/${encodeURIComponent(userId)}`);
