import { apiQuery } from '@/components/ui/api-query';
import type { AlertTargetBody } from '@/components/alert-form/alert-form';
import type { AnswerOf } from '@/lib/http/answer-of';
import { api } from '@/lib/http/client';
import type { getPositioning } from '@/lib/positionings/get-positioning';
import type { listPositioningDevices } from '@/lib/positionings/list-positioning-devices';
import type { listPositionings } from '@/lib/positionings/list-positionings';
import type { requestPositions } from '@/lib/positionings/request-positions';

// The positioning calls of the console and their answers as the browser receives them (derived from the operations;
// type imports only from lib/).

/** GET /api/positionings/{id}, and each entry of the log. */
export type PositioningView = AnswerOf<typeof getPositioning>;
export type PositioningPage = AnswerOf<typeof listPositionings>;
export type PositioningState = keyof Omit<PositioningView['stats'], 'total'>;

/** GET /api/positionings/{id}/devices: each device asked (or person who could not be asked) and its answer. */
export type PositioningDevicePage = AnswerOf<typeof listPositioningDevices>;
export type PositioningDevice = PositioningDevicePage['items'][number];

export interface RequestPositionsBody {
  reason: string;
  target: AlertTargetBody;
}

const positioningPath = (id: string) => `/api/positionings/${encodeURIComponent(id)}`;

/** Spec §9: the log shows 25 a page. */
export const POSITIONING_LOG_PAGE_SIZE = 25;

/** GET /api/positionings/all (admins, scope all) or /mine: a page of the log with the total. */
export function positioningLogQuery(scope: 'all' | 'mine', page: number) {
  const query = new URLSearchParams({
    page: String(page),
    pageSize: String(POSITIONING_LOG_PAGE_SIZE),
    includeTotal: 'true',
  });
  return apiQuery<PositioningPage>(`/api/positionings/${scope}?${query}`);
}

export const positioningQuery = (id: string) => apiQuery<PositioningView>(positioningPath(id));
/** Every device of the positioning in one page (the API's largest). */
export const positioningDevicesQuery = (id: string) =>
  apiQuery<PositioningDevicePage>(`${positioningPath(id)}/devices?pageSize=500`);

export const positioningApi = {
  request: (body: RequestPositionsBody) => api.post<AnswerOf<typeof requestPositions>>('/api/positionings', body),
};
