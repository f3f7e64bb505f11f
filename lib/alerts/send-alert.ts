import { ApiError } from '@/lib/api-error';
import { VOICE_PLANS } from '@/lib/companies/plans';
import { claimUploads } from '@/lib/attachments/claim-uploads';
import type { Ctx } from '@/lib/context';
import type { DbClient } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { Channel } from '@/lib/generated/prisma/enums';
import { DELIVERY_JOBS, enqueue } from '@/lib/queue';
import { emitCompanyEvent, signalDashboardAlert } from '@/lib/realtime/emit-company-event';
import { resolveRecipients } from '@/lib/targeting/resolve-recipients';
import { assertKnownTargets, assertTargetChosen } from '@/lib/targeting/validate-target';
import { alertColumns, severityFor, type AlertBody, type Severity, type SeverityKind } from './alert-body';
import { findOwnDraft, notDraft } from './find-own-draft';

const SEND_TIMEOUT_MS = 30_000;

/**
 * POST /api/alerts/alert and /alarm: writes the alert, one recipient row per person the target reaches (outside the
 * area: recorded, not alerted) and one pending receipt per alerted person and channel in one transaction, with bulk
 * INSERT … SELECT (no query per person); then hands it to the delivery worker and tells the company. The answer does
 * not wait for any provider: `{ alertId, recipients, outOfTarget }` (recipients = people alerted). `origin` names
 * what started it (a scenario), or makes it an SOS.
 */
export async function sendAlert(ctx: AlertSender, input: AlertBody, kind: SeverityKind, origin: AlertOrigin = {}) {
  const severity = severityFor(kind, input.severity);
  if (input.channels.includes('voice') && !VOICE_PLANS.includes(ctx.company.plan)) {
    throw ApiError.forbidden('Voice calls need the Enterprise plan').with({ code: 'planRequired' });
  }
  assertTargetChosen(input.target);
  await assertKnownTargets(ctx.db, ctx, input.target);
  const recipients = await resolveRecipients(ctx.db, ctx, input.target);

  const person = ctx.userId === null ? null : ctx;
  const written = await ctx.db.$transaction(
    async (tx) => {
      const sent = sentAlertColumns(input, severity, origin, ctx.now);
      const id =
        input.draftId && person
          ? await sendDraft(person, tx, input.draftId, sent)
          : (
              await tx.alert.create({
                data: { ...sent, companyId: ctx.company.id, authorId: ctx.userId },
                select: { id: true },
              })
            ).id;
      const counts = await writeAlertDeliveryRows(
        tx,
        { alertId: id, companyId: ctx.company.id, channels: input.channels, now: ctx.now },
        recipients,
      );
      // A person's own uploads; an alert no person sent (a Flic button's) claims the product's copies of its files.
      await claimUploads(ctx, tx, input.attachments, { alertId: id });
      return { alertId: id, ...counts };
    },
    // Tens of thousands of rows: more than Prisma's 5 s default on a busy database server.
    { timeout: SEND_TIMEOUT_MS, maxWait: SEND_TIMEOUT_MS },
  );

  await announceSentAlert(ctx.company.id, written.alertId);
  return written;
}

/**
 * Who sends: a person (the session's context), or a Flic button (no author; `origin.iotDeviceId` names it), which sends
 * no draft and no uploads.
 */
export type AlertSender = Ctx | (Pick<Ctx, 'db' | 'now' | 'company'> & { userId: null });

/**
 * What started an alert besides a person's send: a scenario (pressed on a button), an SOS, or a mission that was not
 * finished in time.
 */
export type AlertOrigin = {
  scenarioId?: string;
  iotDeviceId?: string;
  type?: 'sos' | 'missionAlarm';
  missionId?: string;
};

/** The Alert columns of an alert sent now (company and author are the caller's). */
export function sentAlertColumns(input: AlertBody, severity: Severity, origin: AlertOrigin, now: Date) {
  return { ...alertColumns(input, severity), ...origin, status: 'active' as const, sentAt: now };
}

/**
 * Inside the caller's transaction, for an alert just written as sent: one recipient row per person `recipients` reaches
 * and one pending receipt per alerted person and channel. Answers the counts of people alerted and out of the area.
 */
export async function writeAlertDeliveryRows(tx: DbClient, alert: DeliveryRowsFor, recipients: Prisma.Sql) {
  const counts = await insertRecipients(tx, alert, recipients);
  await insertReceipts(tx, alert);
  return counts;
}

/** Once the sent alert is committed: hands it to the delivery worker, tells the company and the dashboards of those who may see it. */
export async function announceSentAlert(companyId: string, alertId: string): Promise<void> {
  await enqueue(DELIVERY_JOBS.dispatch, { alertId });
  emitCompanyEvent('newAlert', companyId, { alertId });
  signalDashboardAlert({ companyId, alertId });
}

interface DeliveryRowsFor {
  alertId: string;
  companyId: string;
  channels: Channel[];
  now: Date;
}

/** The caller's draft becomes the alert (same id); a draft sent meanwhile by another request is a 409. */
async function sendDraft(
  ctx: Ctx,
  tx: DbClient,
  draftId: string,
  sent: Prisma.AlertUncheckedUpdateInput,
): Promise<string> {
  const draft = await findOwnDraft(ctx, draftId, tx);
  const promoted = await tx.alert.updateMany({ where: { id: draft.id, status: 'draft' }, data: sent });
  if (promoted.count === 0) throw notDraft();
  return draft.id;
}

/** One row per person the target reaches (`recipients`: the `("userId", "inTarget")` SQL of resolveRecipients). */
async function insertRecipients(tx: DbClient, { alertId, companyId, now }: DeliveryRowsFor, recipients: Prisma.Sql) {
  const [counts] = await tx.$queryRaw<{ recipients: number; outOfTarget: number }[]>(Prisma.sql`
    WITH written AS (
      INSERT INTO "AlertRecipient" (id, "alertId", "companyId", "userId", "inTarget", "createdAt")
      SELECT gen_random_uuid(), ${alertId}::uuid, ${companyId}::uuid, person."userId", person."inTarget", ${now}
      FROM (${recipients}) person
      RETURNING "inTarget"
    )
    SELECT count(*) FILTER (WHERE "inTarget")::int AS recipients, count(*) FILTER (WHERE NOT "inTarget")::int AS "outOfTarget" FROM written`);
  return counts;
}

/** One pending receipt per alerted recipient and channel. */
async function insertReceipts(tx: DbClient, { alertId, channels, now }: DeliveryRowsFor): Promise<void> {
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO "Receipt" ("alertId", "companyId", "recipientId", "userId", channel, fallback, state, "createdAt", "updatedAt")
    SELECT r."alertId", r."companyId", r.id, r."userId", sent.channel, false, 'pending', ${now}, ${now}
    FROM "AlertRecipient" r CROSS JOIN unnest(${channels}::"Channel"[]) AS sent(channel)
    WHERE r."alertId" = ${alertId}::uuid AND r."inTarget"`);
}
