import { alertBody } from '@/lib/alerts/alert-body';
import { lastKnownPosition } from '@/lib/devices/last-known-position';
import { announceSentAlert, sentAlertColumns, writeAlertDeliveryRows } from '@/lib/alerts/send-alert';
import { isAdmin } from '@/lib/auth/roles';
import { HOME_TIME_ZONE } from '@/lib/home-time-zone';
import type { Db, DbClient } from '@/lib/db';
import { Role } from '@/lib/generated/prisma/enums';
import type { Mission } from '@/lib/generated/prisma/client';
import { HTML_LANG } from '@/lib/i18n/locales';
import { messageTranslator } from '@/lib/i18n/message-translator';
import { emitCompanyEvent } from '@/lib/realtime/emit-company-event';
import { resolveRecipients } from '@/lib/targeting/resolve-recipients';
import { subscribedMembersWhere } from './get-mission-subscribers';

const ADMIN_ROLES = Object.values(Role).filter(isAdmin);

/**
 * A mission still going on at its end time expires and raises one missionAlarm alert (push and SMS) to the company's
 * mission alarm subscribers who are still members, else to all its admins, in the company's language, with the
 * person's position since the mission started when there is one. The conditional ongoing → expired change and the
 * alert are one transaction: the delayed job, the sweep and any retry raise it once. It goes by the mission's current
 * end time, not the job's: the job of an end time since moved later finds it not yet ended. Answers the alert's id, or
 * null when there was nothing to raise (finished, already expired, not yet ended, company deleted).
 */
export async function raiseMissionAlarm(client: Db, missionId: string, now: Date): Promise<string | null> {
  const mission = await client.mission.findFirst({
    where: { id: missionId, status: 'ongoing', endTime: { lte: now }, company: { deletedAt: null } },
    include: {
      user: { select: { name: true } },
      company: { select: { id: true, name: true, plan: true, features: true, language: true } },
    },
  });
  if (!mission) return null;
  const { company } = mission;
  const position = await lastKnownPosition(client, company.id, mission.userId, mission.startedAt);

  const text = await alarmText(mission, mission.user.name, company.language);

  const alertId = await client.$transaction(async (tx) => {
    // The end time again: an extension committed since the read above moves the alarm to its new end time.
    const expired = await tx.mission.updateMany({
      where: { id: mission.id, status: 'ongoing', endTime: { lte: now } },
      data: { status: 'expired', expiredAt: now },
    });
    if (expired.count === 0) return null;
    const users = await alarmRecipients(tx, company.id);
    const body = alertBody.parse({ ...text, channels: ['push', 'sms'], target: { users }, position });
    const alert = await tx.alert.create({
      data: {
        ...sentAlertColumns(body, 'alarm', { type: 'missionAlarm', missionId: mission.id }, now),
        companyId: company.id,
        authorId: mission.userId,
      },
      select: { id: true },
    });
    // An empty user list would be read as "the whole company": with nobody to tell, the alarm is only recorded.
    if (users.length) {
      await writeAlertDeliveryRows(
        tx,
        { alertId: alert.id, companyId: company.id, channels: body.channels, now },
        await resolveRecipients(tx, { company }, body.target),
      );
    }
    return alert.id;
  });
  if (!alertId) return null;
  await announceSentAlert(company.id, alertId);
  // The mission stays active, now overdue: dashboards and the navigation refresh as for a finished mission.
  emitCompanyEvent('missionFinished', company.id, { missionId: mission.id });
  return alertId;
}

/** The named subscribers who are still active members, else every active admin (admin, superAdmin, owner). */
async function alarmRecipients(tx: DbClient, companyId: string): Promise<string[]> {
  const subscribers = await tx.membership.findMany({
    where: subscribedMembersWhere(companyId),
    select: { userId: true },
  });
  const chosen = subscribers.length
    ? subscribers
    : await tx.membership.findMany({
        where: { companyId, deletedAt: null, role: { in: ADMIN_ROLES } },
        select: { userId: true },
      });
  return chosen.map((member) => member.userId);
}

async function alarmText(mission: Pick<Mission, 'description' | 'endTime'>, name: string, companyLanguage: string) {
  const { language, t } = await messageTranslator(companyLanguage, 'missionAlarm');
  const endTime = new Intl.DateTimeFormat(HTML_LANG[language], {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: HOME_TIME_ZONE,
  }).format(mission.endTime);
  const message = mission.description
    ? t('message', { name, description: mission.description, endTime })
    : t('messageWithoutDescription', { name, endTime });
  return { title: t('title', { name }), message };
}
