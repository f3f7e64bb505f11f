import { isAdmin } from '@/lib/auth/roles';
import { Role } from '@/lib/generated/prisma/enums';
import type { DbClient } from '@/lib/db';
import { pushCapableDevice } from '@/lib/devices/can-receive-push';
import { composeEmail } from '@/lib/email/compose-email';
import { publicUrl } from '@/lib/http-parts/public-url';
import { sendEmails } from '@/lib/providers/email/send-email';
import { sendPush } from '@/lib/providers/push/send-push';
import type { HelpNoticePayload } from '@/lib/queue';
import { readHelpTeam } from './help-team';
import { optionLabels } from './option-labels';
import { storedResponseOptions } from './response-options';

/**
 * The notice of one "I need help" answer (keep-answer.ts queues it): a push to every device and an e-mail to each person
 * who can act — the company's help team when it has one, else the alert's sender and the company's admins — never to
 * the person in need. Nothing when the alert has closed, the person's latest answer is no longer this one (they changed
 * it, or answered "needs help" again: that answer has its own notice), it was handled already, or its notice went out
 * (a job queued again by a webhook delivered twice). A job run again after its worker died before marking the notice
 * sent tells again: the push with the same tag replaces the first on screen.
 */
export async function sendHelpNotice(db: DbClient, help: HelpNoticePayload): Promise<{ told: number }> {
  const answeredAt = new Date(help.answeredAt);
  const recipient = await db.alertRecipient.findFirst({
    where: {
      alertId: help.alertId,
      userId: help.userId,
      answerKind: 'needsHelp',
      answeredAt,
      helpHandledAt: null,
      OR: [{ helpNotifiedAt: null }, { helpNotifiedAt: { lt: answeredAt } }],
      alert: { status: 'active' },
    },
    select: {
      id: true,
      answerOption: true,
      alert: {
        select: {
          id: true,
          title: true,
          companyId: true,
          authorId: true,
          responseOptions: true,
          company: { select: { name: true, deletedAt: true } },
        },
      },
    },
  });
  if (!recipient || recipient.alert.company.deletedAt) return { told: 0 };
  const { alert } = recipient;
  const [person, helpTeamId] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: help.userId }, select: { name: true, phone: true } }),
    readHelpTeam(db, alert.companyId),
  ]);
  const helpers = await peopleWhoCanAct(db, { ...alert, helpTeamId }, help.userId);
  if (helpers.length === 0) return { told: 0 };

  const devices = await db.device.findMany({
    where: { userId: { in: helpers.map((helper) => helper.id) }, ...pushCapableDevice },
    select: { id: true, name: true, platform: true, pushToken: true, pushSubscription: true, userId: true },
  });
  const option = storedResponseOptions(alert.responseOptions)[(recipient.answerOption ?? 1) - 1];
  const link = publicUrl(`/alerts/${alert.id}`);
  const emails = await Promise.all(
    helpers.map(async (helper) => {
      const [answer] = option ? await optionLabels([option], helper.locale) : [''];
      const email = await composeEmail('helpNeeded', helper.locale, {
        name: helper.name,
        companyName: alert.company.name,
        aboutName: person.name,
        link,
        fields: [
          { name: 'alert', value: alert.title },
          { name: 'answer', value: answer },
          ...(person.phone ? [{ name: 'phone', value: person.phone }] : []),
        ],
      });
      return { ...email, to: helper.email, companyId: alert.companyId };
    }),
  );
  await Promise.all([
    sendPush(
      db,
      devices.map((device) => ({
        device,
        helpNeeded: {
          alertId: alert.id,
          companyId: alert.companyId,
          userId: device.userId,
          personId: help.userId,
          personName: person.name,
          answeredAt: help.answeredAt,
          alertTitle: alert.title,
        },
      })),
    ),
    sendEmails(emails),
  ]);
  await db.alertRecipient.update({ where: { id: recipient.id }, data: { helpNotifiedAt: answeredAt } });
  return { told: helpers.length };
}

const ADMIN_ROLES = Object.values(Role).filter(isAdmin);

interface Helper {
  id: string;
  name: string;
  email: string;
  locale: string;
}

/** The company's help team's active members, or else the alert's sender (still a member) and the admins; never `except`. */
async function peopleWhoCanAct(
  db: DbClient,
  alert: { companyId: string; authorId: string | null; helpTeamId: string | null },
  except: string,
): Promise<Helper[]> {
  const memberships = await db.membership.findMany({
    where: {
      companyId: alert.companyId,
      deletedAt: null,
      userId: { not: except },
      ...(alert.helpTeamId
        ? { user: { teamMemberships: { some: { teamId: alert.helpTeamId } } } }
        : { OR: [{ role: { in: ADMIN_ROLES } }, ...(alert.authorId ? [{ userId: alert.authorId }] : [])] }),
    },
    select: { user: { select: { id: true, name: true, email: true, locale: true } } },
  });
  return memberships.map(({ user }) => user);
}
