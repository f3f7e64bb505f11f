import type { PrismaClient } from '@/lib/generated/prisma/client';
import type { AlertStatus, AlertType, Channel, ReceiptState } from '@/lib/generated/prisma/enums';
import { createCompany, createMember } from './fixtures';

export interface ReceiptSpec {
  channel: Channel;
  state: ReceiptState;
  fallback?: boolean;
  error?: string;
}

export interface RecipientSpec {
  userId: string;
  inTarget?: boolean;
  receipts?: ReceiptSpec[];
  receivedAt?: Date;
  seenAt?: Date;
}

export interface AlertSpec {
  companyId: string;
  authorId: string | null;
  type?: AlertType;
  status?: AlertStatus;
  title?: string;
  message?: string;
  channels?: Channel[];
  target?: object;
  /** Default now for a sent alert, null for a draft. */
  sentAt?: Date | null;
  closedAt?: Date | null;
  simulationMode?: boolean;
  isLocationRestricted?: boolean;
  position?: { lat: number; lng: number; accuracy?: number };
  recipients?: RecipientSpec[];
}

/**
 * An alert written straight into the database, as sending would leave it (recipients, and receipts in the given
 * states), for tests of reading, closing and delivery reports that must not depend on the sending code.
 */
export async function insertAlert(db: PrismaClient, spec: AlertSpec) {
  const status = spec.status ?? 'active';
  const alert = await db.alert.create({
    data: {
      companyId: spec.companyId,
      authorId: spec.authorId,
      type: spec.type ?? 'alert',
      status,
      title: spec.title ?? 'Fire in building A',
      message: spec.message ?? 'Leave the building by the nearest exit',
      channels: spec.channels ?? ['push', 'sms'],
      target: (spec.target ?? { company: true }) as object,
      sentAt: spec.sentAt !== undefined ? spec.sentAt : status === 'draft' ? null : new Date(),
      closedAt: spec.closedAt !== undefined ? spec.closedAt : status === 'completed' ? new Date() : null,
      simulationMode: spec.simulationMode ?? false,
      isLocationRestricted: spec.isLocationRestricted ?? false,
      containsAuthorLocation: spec.position !== undefined,
      authorLat: spec.position?.lat,
      authorLng: spec.position?.lng,
      authorAccuracy: spec.position?.accuracy,
    },
  });
  for (const recipient of spec.recipients ?? []) {
    const row = await db.alertRecipient.create({
      data: {
        alertId: alert.id,
        companyId: spec.companyId,
        userId: recipient.userId,
        inTarget: recipient.inTarget ?? true,
        // As sending writes it: the alert's sent time.
        createdAt: alert.sentAt ?? undefined,
        receivedAt: recipient.receivedAt,
        seenAt: recipient.seenAt,
      },
    });
    await db.receipt.createMany({
      data: (recipient.receipts ?? []).map((receipt) => ({
        alertId: alert.id,
        companyId: spec.companyId,
        recipientId: row.id,
        userId: recipient.userId,
        channel: receipt.channel,
        fallback: receipt.fallback ?? false,
        state: receipt.state,
        error: receipt.error,
        sentAt: ['pending', 'processing', 'failed'].includes(receipt.state) ? null : new Date(),
      })),
    });
  }
  return alert;
}

/**
 * `count` new members of the company as recipients of the alert, each with one push receipt in `state`, in bulk SQL
 * (for volume tests: thousands of people in a second).
 */
export async function insertManyRecipients(
  db: PrismaClient,
  alert: { id: string; companyId: string },
  count: number,
  state: ReceiptState,
) {
  await db.$executeRaw`
    WITH people AS (
      INSERT INTO "User" (id, email, name, "updatedAt")
      SELECT gen_random_uuid(), 'bulk-' || gen_random_uuid() || '@example.test', 'Bulk person ' || lpad(n::text, 6, '0'), now()
      FROM generate_series(1, ${count}::int) n
      RETURNING id
    ), members AS (
      INSERT INTO "Membership" (id, "companyId", "userId", role, "updatedAt")
      SELECT gen_random_uuid(), ${alert.companyId}::uuid, id, 'user', now() FROM people
    ), recipients AS (
      INSERT INTO "AlertRecipient" (id, "alertId", "companyId", "userId", "createdAt")
      SELECT gen_random_uuid(), ${alert.id}::uuid, ${alert.companyId}::uuid, id,
             coalesce((SELECT "sentAt" FROM "Alert" WHERE id = ${alert.id}::uuid), now())
      FROM people
      RETURNING id, "userId"
    )
    INSERT INTO "Receipt" ("alertId", "companyId", "recipientId", "userId", channel, state, "updatedAt")
    SELECT ${alert.id}::uuid, ${alert.companyId}::uuid, id, "userId", 'push', ${state}::"ReceiptState", now()
    FROM recipients`;
}

/**
 * The people around one alert, for permission tests: in its company an admin, the sender (a plain user), a recipient
 * (push delivered), someone recorded outside the area, a bystander; and an admin of another company.
 */
export async function createAlertCast(db: PrismaClient, status: AlertStatus = 'active') {
  const company = await createCompany(db);
  const other = await createCompany(db);
  const admin = await createMember(db, company.id, 'admin', 'Ada Admin');
  const sender = await createMember(db, company.id, 'user', 'Sam Sender');
  const recipient = await createMember(db, company.id, 'user', 'Rita Recipient');
  const outside = await createMember(db, company.id, 'user', 'Otto Outside');
  const bystander = await createMember(db, company.id, 'user', 'Bea Bystander');
  const stranger = await createMember(db, other.id, 'admin', 'Sten Stranger');
  const alert = await insertAlert(db, {
    companyId: company.id,
    authorId: sender.user.id,
    status,
    recipients: [
      { userId: recipient.user.id, receipts: [{ channel: 'push', state: 'delivered' }] },
      { userId: outside.user.id, inTarget: false },
    ],
  });
  return { company, other, admin, sender, recipient, outside, bystander, stranger, alert };
}

/**
 * `count` closed alerts written in one statement (as many as a test of the capped totals needs), sent a second apart
 * before an hour ago, titled "Bulk 1" (newest) to "Bulk <count>"; each received by `recipientId` when given.
 */
export async function insertManyAlerts(
  db: PrismaClient,
  spec: { companyId: string; authorId: string; count: number; recipientId?: string },
) {
  await db.$executeRaw`
    WITH alerts AS (
      INSERT INTO "Alert" (id, "companyId", "authorId", type, status, title, message, channels, target, "sentAt", "closedAt", "updatedAt")
      SELECT gen_random_uuid(), ${spec.companyId}::uuid, ${spec.authorId}::uuid, 'alert', 'completed', 'Bulk ' || g,
             'Bulk alert ' || g, ARRAY['push']::"Channel"[], '{"company": true}'::jsonb,
             now() - interval '1 hour' - interval '1 second' * g, now(), now()
      FROM generate_series(1, ${spec.count}::int) g
      RETURNING id, "sentAt"
    )
    INSERT INTO "AlertRecipient" (id, "alertId", "companyId", "userId", "createdAt")
    SELECT gen_random_uuid(), id, ${spec.companyId}::uuid, ${spec.recipientId ?? null}::uuid, "sentAt"
    FROM alerts WHERE ${spec.recipientId ?? null}::uuid IS NOT NULL`;
}
