import { z } from 'zod';
import { findVisibleAlert } from '@/lib/alerts/find-visible-alert';
import type { Ctx } from '@/lib/context';
import { LONG_LIST_PAGE_SIZE, pageWindow, pagingQuery, type Paging } from '@/lib/http-parts/paging';
import { commentOrder, commentView, commentViewSelect } from './comment-view';

export const listCommentsQuery = pagingQuery(LONG_LIST_PAGE_SIZE);
/** POST /api/getAlertMessages: the alert and the page in the body (a malformed alertId is a 404 like an unknown one). */
export const alertMessagesBody = pagingQuery(LONG_LIST_PAGE_SIZE).extend({ alertId: z.string() });

/** The timeline of a visible alert (404 otherwise), oldest first: `{ items, page, pageSize, total }`. */
export async function listComments(ctx: Ctx, alertId: string, paging: Paging) {
  const alert = await findVisibleAlert(ctx, alertId, { id: true });
  const where = { alertId: alert.id };
  const [rows, total] = await Promise.all([
    ctx.db.alertComment.findMany({ where, orderBy: commentOrder, ...pageWindow(paging), select: commentViewSelect }),
    ctx.db.alertComment.count({ where }),
  ]);
  return { items: await Promise.all(rows.map(commentView)), page: paging.page, pageSize: paging.pageSize, total };
}
