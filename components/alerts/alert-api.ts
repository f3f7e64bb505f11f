import { apiQuery } from '@/components/ui/api-query';
import type { UploadLink } from '@/components/ui/upload-file';
import type { AlertDetail } from '@/lib/alerts/get-alert';
import type { AlertListItem } from '@/lib/alerts/alert-list-item';
import type { Severity } from '@/lib/alerts/alert-body';
import type { DeliveryStatus } from '@/lib/alerts/delivery-status';
import type { listAlerts } from '@/lib/alerts/list-alerts';
import type { listDeliveries } from '@/lib/alerts/list-deliveries';
import type { AttachmentView } from '@/lib/attachments/attachment-view';
import type { commentView } from '@/lib/comments/comment-view';
import type { listComments } from '@/lib/comments/list-comments';
import { api } from '@/lib/http/client';
import type { listLocations } from '@/lib/locations/list-locations';
import type { getReach } from '@/lib/targeting/reach';
import type { TeamView } from '@/lib/teams/team-view';
import type { AlertTargetBody, alertBody, UploadedAttachment } from './new-alert/alert-form';

export type { UploadedAttachment };

// The alert calls of the console and their answers as the browser receives them: the server functions' own types
// (dates are ISO strings there already). Type imports only from lib/: nothing of the server code reaches the browser.

export type { DeliveryStats, DeliveryStatus } from '@/lib/alerts/delivery-status';
export type { AlertDetail, AlertListItem, AttachmentView };

/** GET /api/alerts/mine and /all. */
export type AlertPage = Awaited<ReturnType<typeof listAlerts>>;
export type AlertTargetView = AlertDetail['target'];

/** GET /api/alerts/{id}/comments: one entry of the timeline, and the page. */
export type AlertComment = Awaited<ReturnType<typeof commentView>>;
export type CommentPage = Awaited<ReturnType<typeof listComments>>;

/** GET /api/alerts/{id}/deliveries. */
export type DeliveryPage = Awaited<ReturnType<typeof listDeliveries>>;
export type DeliveryRow = DeliveryPage['items'][number];
export type ChannelDelivery = DeliveryRow['channels'][number];

/** The teams and saved locations the new-alert form offers as recipients. */
export type TeamsAnswer = { teams: TeamView[] };
export type LocationsAnswer = Awaited<ReturnType<typeof listLocations>>;

/** A signed link that removes an upload no message has claimed. */
export interface DeleteLink {
  url: string;
  method: string;
}

/** POST /api/alerts/target/reach (contract [A], with what the warning about people without the app needs). */
export type Reach = Awaited<ReturnType<typeof getReach>>;

export type AlertBody = ReturnType<typeof alertBody>;
export interface AlertSent {
  alertId: string;
  recipients: number;
}

/** A saved draft is an alert of status draft: its id. */
export interface DraftSaved {
  alertId: string;
}

export interface CommentBody {
  message: string;
  attachments: UploadedAttachment[];
  /** The sender's own id for a comment (the responder's offline replies): sent again, it is posted once. */
  clientId?: string;
}

/** Alarms have their own endpoints; alert and urgent alert share /alert (contract [A]). */
export const sendPath = (severity: Severity) => (severity === 'alarm' ? '/api/alerts/alarm' : '/api/alerts/alert');
export const draftPath = (severity: Severity) =>
  severity === 'alarm' ? '/api/alerts/alarmDraft' : '/api/alerts/alertDraft';

const alertPath = (alertId: string) => `/api/alerts/${encodeURIComponent(alertId)}`;

/**
 * Files go up before the message that carries them, each through a signed upload link and, when taken off again, a
 * signed delete link. Where a message's attachment links live: `/api/alerts` for a new alert, the alert's `/comments` for a comment (the
 * scenario screen has its own, SCENARIO_ATTACHMENTS); `attachmentUploadUrl` and `attachmentDeleteUrl` sit under it.
 */
export const attachmentsBase = (commentOn: string | null) =>
  commentOn === null ? '/api/alerts' : `${alertPath(commentOn)}/comments`;

const attachmentLink = (base: string, verb: 'Upload' | 'Delete', name: string, query: Record<string, string>) =>
  `${base}/attachment${verb}Url/${encodeURIComponent(name)}?${new URLSearchParams(query)}`;

export const alertQuery = (alertId: string) => apiQuery<AlertDetail>(alertPath(alertId));
export const commentsQuery = (alertId: string, pageSize: number) =>
  apiQuery<CommentPage>(`${alertPath(alertId)}/comments?pageSize=${pageSize}`);

/** A page of the recipients, by delivery status and name. */
export function deliveriesQuery(
  alertId: string,
  page: number,
  pageSize: number,
  status: DeliveryStatus | null,
  query: string,
) {
  const search = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  // No status chosen: everyone alerted, not those outside the area (their own status, listed apart).
  if (status) search.set('status', status);
  else search.set('inTarget', 'true');
  if (query) search.set('q', query);
  return apiQuery<DeliveryPage>(`${alertPath(alertId)}/deliveries?${search}`);
}

/** GET /api/alerts/all (admins, scope all) or /mine: a page of the alerts with these statuses, with the total. */
export function alertLogQuery(scope: 'all' | 'mine', statuses: string[], page: number, pageSize: number) {
  const query = new URLSearchParams();
  for (const status of statuses) query.append('statuses', status);
  query.set('page', String(page));
  query.set('pageSize', String(pageSize));
  query.set('includeTotal', 'true');
  return apiQuery<AlertPage>(`/api/alerts/${scope === 'all' ? 'all' : 'mine'}?${query}`);
}

/** The user's own drafts, newest first. */
export const myDraftsQuery = apiQuery<AlertPage>('/api/alerts/mine?statuses=draft&pageSize=100');
export const teamsQuery = apiQuery<TeamsAnswer>('/api/teams');
export const locationsQuery = apiQuery<LocationsAnswer>('/api/locations');

export const alertApi = {
  get: (alertId: string) => api.get<AlertDetail>(alertPath(alertId)),
  send: (severity: Severity, body: AlertBody) => api.post<AlertSent>(sendPath(severity), body),
  saveDraft: (severity: Severity, body: AlertBody) => api.post<DraftSaved>(draftPath(severity), body),
  deleteDraft: (alertId: string) => api.delete(`/api/deleteDraft/${encodeURIComponent(alertId)}`),
  reach: (alertTarget: AlertTargetBody, signal?: AbortSignal) =>
    api.post<Reach>('/api/alerts/target/reach', { alertTarget }, { signal }),
  close: (alertId: string) => api.post<AlertDetail>(`${alertPath(alertId)}/close`, {}),
  remove: (alertId: string) => api.delete(alertPath(alertId)),
  comment: (alertId: string, body: CommentBody) => api.post<AlertComment>(`${alertPath(alertId)}/comments`, body),
  /** An update (admins and the sender), which may close the alert. */
  update: (alertId: string, body: Omit<CommentBody, 'clientId'> & { complete: boolean }) =>
    api.post<AlertComment>(`${alertPath(alertId)}/comments/update`, body),
  /** The alerts sent between two days, both included, as a CSV file. */
  exportCsv: (query: { from: string; to: string; locale: string }) =>
    api.download(`/api/alerts/export?${new URLSearchParams(query)}`, { timeoutMs: 60_000 }),
  uploadLink: (base: string, file: { name: string; contentType: string; size: number }) =>
    api.get<UploadLink>(
      attachmentLink(base, 'Upload', file.name, { contentType: file.contentType, size: String(file.size) }),
    ),
  deleteLink: (base: string, file: { name: string; key: string }) =>
    api.get<DeleteLink>(attachmentLink(base, 'Delete', file.name, { key: file.key })),
};
