import type { AlertDetail } from '@/lib/alerts/get-alert';
import type { AlertListItem } from '@/lib/alerts/alert-list-item';
import type { listAlerts } from '@/lib/alerts/list-alerts';
import type { listDeliveries } from '@/lib/alerts/list-deliveries';
import type { AttachmentView } from '@/lib/attachments/attachment-view';
import type { commentView } from '@/lib/comments/comment-view';
import type { listComments } from '@/lib/comments/list-comments';

// The answers of the alert endpoints as the browser receives them: the server functions' own types (dates are ISO
// strings there already). Type imports only: nothing of the server code reaches the browser.

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

/** The comment and update endpoints take uploads to claim: the storage key and the name to show. */
export interface UploadedAttachment {
  key: string;
  name: string;
}
