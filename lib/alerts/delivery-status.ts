import { Prisma } from '@/lib/generated/prisma/client';
import type { DbClient } from '@/lib/db';
import type { Channel, ReceiptState } from '@/lib/generated/prisma/enums';

/** A recipient's delivery status (spec §3), each with its colour in the interface. */
export const DELIVERY_STATUSES = [
  'deliveredApp',
  'receivedinapp',
  'received',
  'deliveredSms',
  'receivedassms',
  'failed',
  'fallback',
  'fallbacksms',
  'sent',
  'processing',
  'recorded',
  'outOfTarget',
] as const;

export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface ReceiptFacts {
  channel: Channel;
  fallback: boolean;
  state: ReceiptState;
}

/** A rule matches when ANY receipt of the recipient has its channel (when given), fallback flag (when given) and one of its states. */
interface StatusRule {
  status: DeliveryStatus;
  channel?: Channel;
  fallback?: boolean;
  states: ReceiptState[];
}

const RECEIVED: ReceiptState[] = ['received', 'seen'];
/** Still going, or gone out: a fallback SMS the outbox only recorded is not one the person got (issue 35). */
const NOT_FAILED: ReceiptState[] = ['pending', 'processing', 'sent', 'delivered', 'received', 'seen'];

/**
 * The contract's order, first match wins (after outOfTarget, before the final failed). The TypeScript function and the
 * SQL expression below are both built from this one table, so the list, the filter and the stats always agree.
 */
const STATUS_RULES: StatusRule[] = [
  { status: 'receivedinapp', channel: 'push', states: RECEIVED },
  { status: 'received', channel: 'voice', states: RECEIVED },
  { status: 'receivedassms', channel: 'sms', states: RECEIVED },
  { status: 'deliveredApp', channel: 'push', states: ['delivered'] },
  { status: 'fallbacksms', channel: 'sms', fallback: true, states: ['delivered'] },
  { status: 'deliveredSms', channel: 'sms', states: ['delivered'] },
  { status: 'fallback', channel: 'sms', fallback: true, states: NOT_FAILED },
  { status: 'sent', states: ['sent', 'delivered'] },
  { status: 'processing', states: ['pending', 'processing'] },
  // Nothing went out to this person, and nothing is still going: the outbox only kept their messages.
  { status: 'recorded', states: ['recorded'] },
];

function matches(rule: StatusRule, receipt: ReceiptFacts): boolean {
  return (
    (rule.channel === undefined || receipt.channel === rule.channel) &&
    (rule.fallback === undefined || receipt.fallback === rule.fallback) &&
    rule.states.includes(receipt.state)
  );
}

/** One recipient's status from their receipts: out of the area, else the first rule any receipt meets, else failed. */
export function deliveryStatus(recipient: { inTarget: boolean }, receipts: ReceiptFacts[]): DeliveryStatus {
  if (!recipient.inTarget) return 'outOfTarget';
  return STATUS_RULES.find((rule) => receipts.some((receipt) => matches(rule, receipt)))?.status ?? 'failed';
}

/**
 * The same derivation as an SQL expression over one recipient (`recipient` alias) and their receipts (`receipt` alias,
 * joined with receiptsJoin), to be used in a query GROUP BY the recipient.
 */
export function deliveryStatusSql(recipient: string, receipt: string): Prisma.Sql {
  const r = Prisma.raw(`"${recipient}"`);
  const rc = Prisma.raw(`"${receipt}"`);
  const whens = STATUS_RULES.map((rule) => {
    const conditions = [Prisma.sql`${rc}.state = ANY(${rule.states}::"ReceiptState"[])`];
    if (rule.channel !== undefined) conditions.push(Prisma.sql`${rc}.channel = ${rule.channel}::"Channel"`);
    if (rule.fallback !== undefined) conditions.push(Prisma.sql`${rc}.fallback = ${rule.fallback}`);
    return Prisma.sql`WHEN coalesce(bool_or(${Prisma.join(conditions, ' AND ')}), false) THEN ${rule.status}`;
  });
  return Prisma.sql`(CASE WHEN NOT bool_or(${r}."inTarget") THEN 'outOfTarget' ${Prisma.join(whens, ' ')} ELSE 'failed' END)`;
}

/**
 * LEFT JOIN of a recipient's receipts. It goes through the receipts' unique (alertId, userId, ...) index, so that it stays
 * cheap even when the planner has no statistics yet for the rows of an alert just sent (then it picks nested loops).
 */
export function receiptsJoin(recipient: string, receipt: string): Prisma.Sql {
  const r = Prisma.raw(`"${recipient}"`);
  const rc = Prisma.raw(`"${receipt}"`);
  return Prisma.sql`LEFT JOIN "Receipt" ${rc} ON ${rc}."alertId" = ${r}."alertId" AND ${rc}."userId" = ${r}."userId" AND ${rc}."recipientId" = ${r}.id`;
}

export type DeliveryStats = { recipients: number } & Record<DeliveryStatus, number>;

/**
 * Counts per status; `recipients` = the people alerted (in the target), as in the send answer; outOfTarget people are
 * counted under their own status only.
 */
export function deliveryStats(counts: { status: string; count: number }[]): DeliveryStats {
  const stats = Object.fromEntries(DELIVERY_STATUSES.map((status) => [status, 0])) as DeliveryStats;
  stats.recipients = 0;
  for (const { status, count } of counts) {
    stats[status as DeliveryStatus] += count;
    if (status !== 'outOfTarget') stats.recipients += count;
  }
  return stats;
}

/** Delivery stats of each given alert in one aggregate query (alerts without recipients get all zeros). */
export async function deliveryStatsByAlert(client: DbClient, alertIds: string[]): Promise<Map<string, DeliveryStats>> {
  const rows = alertIds.length
    ? await client.$queryRaw<{ alertId: string; status: string; count: number }[]>`
        SELECT per."alertId", per.status, count(*)::int AS count
        FROM (
          SELECT r."alertId", ${deliveryStatusSql('r', 'rc')} AS status
          FROM "AlertRecipient" r
          ${receiptsJoin('r', 'rc')}
          WHERE r."alertId" = ANY(${alertIds}::uuid[])
          GROUP BY r.id
        ) per
        GROUP BY 1, 2`
    : [];
  const countsByAlert = new Map<string, { status: string; count: number }[]>(alertIds.map((id) => [id, []]));
  for (const row of rows) countsByAlert.get(row.alertId)?.push(row);
  return new Map([...countsByAlert].map(([id, counts]) => [id, deliveryStats(counts)]));
}
