import { apiQuery } from '@/components/ui/api-query';
import type { Severity } from '@/lib/alerts/alert-body';
import type { deleteAlert } from '@/lib/alerts/delete-alert';
import type { deleteDraft } from '@/lib/alerts/delete-draft';
import type { DeliveryStatus } from '@/lib/alerts/delivery-status';
import type { getAlert } from '@/lib/alerts/get-alert';
import type { listAlerts } from '@/lib/alerts/list-alerts';
import type { listDeliveries } from '@/lib/alerts/list-deliveries';
import type { saveDraft } from '@/lib/alerts/save-draft';
import type { sendAlert } from '@/lib/alerts/send-alert';
import type { createDeleteLink } from '@/lib/attachments/create-delete-link';
import type { createUploadLink } from '@/lib/attachments/create-upload-link';
import type { listComments } from '@/lib/comments/list-comments';
import type { postComment } from '@/lib/comments/post-comment';
import type { postUpdate } from '@/lib/comments/post-update';
import type { listHelpNeeds } from '@/lib/alerts/list-help-needs';
import type { markHelpHandled } from '@/lib/alerts/mark-help-handled';
import type { reaskAlert } from '@/lib/alerts/reask-alert';
import type { AnswerOf } from '@/lib/http/answer-of';
import type { AnswerFilter } from './answers/answer-colours';
import { api } from '@/lib/http/client';
import type { listLocations } from '@/lib/locations/list-locations';
import type { getReach } from '@/lib/targeting/get-reach';
import type { listTeams } from '@/lib/teams/list-teams';
import type { AlertTargetBody, alertBody, UploadedAttachment } from '@/components/alert-form/alert-form';

export type { UploadedAttachment };

// The alert calls of the console and their answers as the browser receives them, derived from the operations that
// answer them. Type imports only from lib/: nothing of the server code reaches the browser.

export type { DeliveryStatus } from '@/lib/alerts/delivery-status';

/** GET /api/alerts/{id}. */
export type AlertDetail = AnswerOf<typeof getAlert>;
export type AlertTargetView = AlertDetail['target'];
export type AttachmentView = AlertDetail['attachments'][number];
export type DeliveryStats = AlertDetail['stats'];

/** GET /api/alerts/mine and /all. */
export type AlertPage = AnswerOf<typeof listAlerts>;
export type AlertListItem = AlertPage['items'][number];

/** GET /api/alerts/{id}/comments: one entry of the timeline, and the page. */
export type AlertComment = AnswerOf<typeof postComment>;
export type CommentPage = AnswerOf<typeof listComments>;

/** GET /api/alerts/{id}/deliveries. */
export type DeliveryPage = AnswerOf<typeof listDeliveries>;
export type DeliveryRow = DeliveryPage['items'][number];
export type ChannelDelivery = DeliveryRow['channels'][number];

/** The teams and saved locations the new-alert form offers as recipients. */
export type TeamsAnswer = AnswerOf<typeof listTeams>;
export type LocationsAnswer = AnswerOf<typeof listLocations>;

/** POST /api/alerts/target/reach (contract [A], with what the warning about people without the app needs). */
export type Reach = AnswerOf<typeof getReach>;

export type HelpQueue = AnswerOf<typeof listHelpNeeds>;
export type HelpNeed = HelpQueue['items'][number];

export type AlertBody = ReturnType<typeof alertBody>;
export type AlertSent = AnswerOf<typeof sendAlert>;
/** A saved draft is an alert of status draft: its id. */
export type DraftSaved = AnswerOf<typeof saveDraft>;

/**
 * The signed links of an attachment: the upload link, and the delete link of an upload no message has claimed. Every
 * place with attachments (a new alert, a comment, a scenario) answers them alike.
 */
export type UploadLink = AnswerOf<typeof createUploadLink>;
export type DeleteLink = AnswerOf<typeof createDeleteLink>;

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
  answer: AnswerFilter | null = null,
) {
  const search = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  // No status chosen: everyone alerted, not those outside the area (their own status, listed apart).
  if (status) search.set('status', status);
  else search.set('inTarget', 'true');
  if (query) search.set('q', query);
  if (answer) search.set('answer', answer);
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
/** The "needs help" triage queue of an alert (its sender and admins). */
export const helpQueueQuery = (alertId: string) => apiQuery<HelpQueue>(`${alertPath(alertId)}/help`);
export const locationsQuery = apiQuery<LocationsAnswer>('/api/locations');

export const alertApi = {
  get: (alertId: string) => api.get<AlertDetail>(alertPath(alertId)),
  send: (severity: Severity, body: AlertBody) => api.post<AlertSent>(sendPath(severity), body),
  saveDraft: (severity: Severity, body: AlertBody) => api.post<DraftSaved>(draftPath(severity), body),
  deleteDraft: (alertId: string) =>
    api.delete<AnswerOf<typeof deleteDraft>>(`/api/deleteDraft/${encodeURIComponent(alertId)}`),
  reach: (alertTarget: AlertTargetBody, signal?: AbortSignal) =>
    api.post<Reach>('/api/alerts/target/reach', { alertTarget }, { signal }),
  close: (alertId: string) => api.post<AlertDetail>(`${alertPath(alertId)}/close`, {}),
  remove: (alertId: string) => api.delete<AnswerOf<typeof deleteAlert>>(alertPath(alertId)),
  comment: (alertId: string, body: CommentBody) => api.post<AlertComment>(`${alertPath(alertId)}/comments`, body),
  /** An update (admins and the sender), which may close the alert. */
  update: (alertId: string, body: Omit<CommentBody, 'clientId'> & { complete: boolean }) =>
    api.post<AnswerOf<typeof postUpdate>>(`${alertPath(alertId)}/comments/update`, body),
  /** Asks the question again of everyone who has not answered. */
  reask: (alertId: string) => api.post<AnswerOf<typeof reaskAlert>>(`${alertPath(alertId)}/reask`, {}),
  /** Marks a person's need of help handled, with an optional note. */
  markHelpHandled: (alertId: string, userId: string, note: string | null) =>
    api.post<AnswerOf<typeof markHelpHandled>>(`${alertPath(alertId)}/help/${encodeURIComponent(userId)}`, { note }),
  /** The alert's delivery report, one row per person and channel with the answers, as a CSV file. */
  exportDeliveries: (alertId: string, locale: string) =>
    api.download(`${alertPath(alertId)}/deliveries/export?${new URLSearchParams({ locale })}`, { timeoutMs: 120_000 }),
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
