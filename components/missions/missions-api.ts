import { apiQuery } from '@/components/ui/api-query';
import type { AnswerOf } from '@/lib/http/answer-of';
import { api } from '@/lib/http/client';
import type { finishMission } from '@/lib/missions/finish-mission';
import type { getLastUserPosition } from '@/lib/missions/get-last-user-position';
import type { getMission } from '@/lib/missions/get-mission';
import type { getMissionSubscribers } from '@/lib/missions/get-mission-subscribers';
import type { listActiveMissions } from '@/lib/missions/list-active-missions';
import type { listFinishedMissions } from '@/lib/missions/list-finished-missions';
import type { replaceMissionSubscribers } from '@/lib/missions/replace-mission-subscribers';

// The mission calls of the console, typed from the server functions (type imports only: no server code here).

export type Mission = AnswerOf<typeof getMission>;
export type ActiveMissions = AnswerOf<typeof listActiveMissions>;
export type FinishedMissions = AnswerOf<typeof listFinishedMissions>;
export type MissionSubscribers = AnswerOf<typeof getMissionSubscribers>;
type LastUserPosition = AnswerOf<typeof getLastUserPosition>;
export type LastPosition = LastUserPosition['position'];

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
  finish: (missionId: string) => api.put<AnswerOf<typeof finishMission>>(`${missionPath(missionId)}/finish`),
  saveSubscribers: (subscriberIds: string[]) =>
    api.put<AnswerOf<typeof replaceMissionSubscribers>>('/api/missions/subscribers', { subscriberIds }),
};
export const lastPositionQuery = (userId: string) =>
  apiQuery<LastUserPosition>(`/api/missions/positions/last/user/${encodeURIComponent(userId)}`);
