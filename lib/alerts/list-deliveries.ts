import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { answerCountsByAlert } from '@/lib/answers/answer-counts';
import { answerView, type LatestAnswerColumns } from '@/lib/answers/answer-view';
import { ANSWER_KINDS, storedResponseOptions } from '@/lib/answers/response-options';
import type { Ctx } from '@/lib/context';
import { Prisma } from '@/lib/generated/prisma/client';
import { containsPattern } from '@/lib/text/contains-pattern';
import type { Channel, ReceiptState } from '@/lib/generated/prisma/enums';
import { LONG_LIST_PAGE_SIZE, pageWindow, pagingQuery } from '@/lib/http-parts/paging';
import { profilePhotoUrl } from '@/lib/me/profile-photo-url';
import { canManageAlert } from './can-manage-alert';
import {
  DELIVERY_STATUSES,
  deliveryStatsByAlert,
  deliveryStatusSql,
  receiptsJoin,
  type DeliveryStatus,
} from './delivery-status';
import { findVisibleAlert, type alertIdParams } from './find-visible-alert';

export const listDeliveriesQuery = pagingQuery(LONG_LIST_PAGE_SIZE).extend({
  status: z.enum(DELIVERY_STATUSES).optional(),
  /** true: only the people alerted (in the area), as stats.recipients counts them; false: only those outside it. */
  inTarget: z.stringbool().optional(),
  /** The latest answer's kind, or none: the people alerted (in the area) who have not answered yet. */
  answer: z.enum([...ANSWER_KINDS, 'none']).optional(),
  /** Part of the name or phone number, any case. */
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((value) => value || undefined),
});

type Input = z.output<typeof alertIdParams> & z.output<typeof listDeliveriesQuery>;

interface RecipientRow extends LatestAnswerColumns {
  recipientId: string;
  userId: string;
  name: string;
  phone: string | null;
  profilePhotoKey: string | null;
  inTarget: boolean;
  receivedAt: Date | null;
  seenAt: Date | null;
  status: DeliveryStatus;
}

/** A receipt as the page's statement reads it (json: times are text with their offset). */
interface ReceiptJson {
  channel: Channel;
  fallback: boolean;
  /** The contact cycle's round (1: the alert's own send and its fallback SMS). */
  round: number;
  state: ReceiptState;
  error: string | null;
  sentAt: string | null;
  deliveredAt: string | null;
  receivedAt: string | null;
}

type PageRow = RecipientRow & { channels: ReceiptJson[] };

function isoTime(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/**
 * The delivery report of an alert (GET /api/alerts/{id}/deliveries): one page of its recipients by name with each one's
 * status and receipts per channel, the number matching the filters, the stats of all of them, and how many calls wait for
 * their turn (callsQueued). Only an admin or the
 * sender (403 for other recipients: they must not see each other's phone numbers).
 */
export async function listDeliveries(ctx: Ctx, input: Input) {
  const alert = await findVisibleAlert(ctx, input.id, { id: true, authorId: true, responseOptions: true });
  const options = storedResponseOptions(alert.responseOptions);
  if (!canManageAlert(ctx, alert)) throw ApiError.forbidden('Only an admin or the sender can see the delivery report');

  const { skip, take } = pageWindow(input);
  const [rows, [{ total }], stats, answers, callsQueued] = await Promise.all([
    readDeliveryRows(ctx, alert.id, input, { skip, take }),
    ctx.db.$queryRaw<
      { total: number }[]
    >`SELECT count(*)::int AS total FROM (${filteredRecipients(alert.id, input)}) matching`,
    deliveryStatsByAlert(ctx.db, [alert.id]),
    answerCountsByAlert(ctx.db, [alert.id]),
    // Calls not requested yet: they wait for their turn at the account's calls per second (TWILIO_CALLS_PER_SECOND).
    ctx.db.receipt.count({ where: { alertId: alert.id, channel: 'voice', state: 'pending' } }),
  ]);

  return {
    items: await Promise.all(
      rows.map(async (row) => ({
        userId: row.userId,
        name: row.name,
        phone: row.phone,
        profilePhoto: await profilePhotoUrl(row.profilePhotoKey),
        status: row.status,
        inTarget: row.inTarget,
        channels: row.channels,
        receivedAt: row.receivedAt?.toISOString() ?? null,
        seenAt: row.seenAt?.toISOString() ?? null,
        answer: answerView(row, options),
      })),
    ),
    page: input.page,
    pageSize: input.pageSize,
    total,
    stats: stats.get(alert.id)!,
    answers: answers.get(alert.id)!,
    callsQueued,
  };
}

export type DeliveryFilters = Partial<Pick<Input, 'status' | 'inTarget' | 'q' | 'answer'>>;

/**
 * A window of an alert's recipients (by name) matching the filters, each with its status and receipts per channel, read
 * by one statement: the same moment, never "processing" beside "sent". The report's page and its export read it.
 */
export async function readDeliveryRows(
  ctx: Pick<Ctx, 'db'>,
  alertId: string,
  filters: DeliveryFilters,
  { skip, take }: { skip: number; take: number },
) {
  const rows = await ctx.db.$queryRaw<PageRow[]>`
    SELECT page.*, coalesce(receipts.list, '[]'::json) AS channels
    FROM (${filteredRecipients(alertId, filters)} ORDER BY lower(name), name, "userId" LIMIT ${take} OFFSET ${skip}) page
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_object('channel', rc.channel, 'fallback', rc.fallback, 'round', rc.round,
               'state', rc.state, 'error', rc.error, 'sentAt', rc."sentAt", 'deliveredAt', rc."deliveredAt",
               'receivedAt', rc."receivedAt")
             ORDER BY rc.round, rc.channel, rc.fallback) AS list
      FROM "Receipt" rc
      WHERE rc."alertId" = ${alertId}::uuid AND rc."userId" = page."userId" AND rc."recipientId" = page."recipientId"
    ) receipts ON true
    ORDER BY lower(page.name), page.name, page."userId"`;
  return rows.map((row) => ({
    ...row,
    channels: row.channels.map((receipt) => ({
      channel: receipt.channel,
      fallback: receipt.fallback,
      round: receipt.round,
      state: receipt.state,
      error: receipt.error,
      sentAt: isoTime(receipt.sentAt),
      deliveredAt: isoTime(receipt.deliveredAt),
      receivedAt: isoTime(receipt.receivedAt),
    })),
  }));
}

/** The alert's recipients with their status, narrowed by the status, area, answer and search filters (one pass over the receipts). */
function filteredRecipients(alertId: string, input: DeliveryFilters): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  // Before the receipts are read (index alertId, answerKind): only the people with that answer are looked at.
  const byAnswer =
    input.answer === 'none'
      ? Prisma.sql`AND r."answerKind" IS NULL AND r."inTarget"`
      : input.answer
        ? Prisma.sql`AND r."answerKind" = ${input.answer}::"AnswerKind"`
        : Prisma.empty;
  if (input.status) conditions.push(Prisma.sql`per.status = ${input.status}`);
  if (input.inTarget !== undefined) conditions.push(Prisma.sql`per."inTarget" = ${input.inTarget}`);
  if (input.q) {
    const pattern = containsPattern(input.q);
    conditions.push(Prisma.sql`(per.name ILIKE ${pattern} OR coalesce(per.phone, '') ILIKE ${pattern})`);
  }
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
  return Prisma.sql`
    SELECT * FROM (
      SELECT r.id AS "recipientId", r."userId", u.name, u.phone, u."profilePhotoKey", r."inTarget", r."receivedAt", r."seenAt",
             r."answerOption", r."answerKind", r."answeredAt", r."answerChannel",
             ${deliveryStatusSql('r', 'rc')} AS status
      FROM "AlertRecipient" r
      JOIN "User" u ON u.id = r."userId"
      ${receiptsJoin('r', 'rc')}
      WHERE r."alertId" = ${alertId}::uuid ${byAnswer}
      GROUP BY r.id, u.id
    ) per ${where}`;
}
