import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import { composeEmail } from '@/lib/email/compose-email';
import { env } from '@/lib/env';
import { publicUrl } from '@/lib/http-parts/public-url';
import { sendEmail } from '@/lib/providers/email/send-email';
import { sendSms } from '@/lib/providers/sms/send-sms';
import { composeSms } from '@/lib/sms/compose-sms';

export const appDownloadReminderBody = z.object({ userIds: z.array(z.uuid()).min(1).max(1000) });

/**
 * Reminds the chosen members to get alerts on their phone: an e-mail and, when they have a phone number, an SMS, both
 * in their language, with the responder's address and the store links. Every id must be an active member of the company (else 404, nothing sent).
 */
export async function sendAppDownloadReminder(ctx: Ctx, { userIds }: z.infer<typeof appDownloadReminderBody>) {
  const ids = [...new Set(userIds)];
  const [members, sender] = await Promise.all([
    ctx.db.membership.findMany({
      where: { companyId: ctx.company.id, deletedAt: null, userId: { in: ids } },
      select: { user: { select: { name: true, email: true, phone: true, locale: true } } },
    }),
    ctx.db.user.findUniqueOrThrow({ where: { id: ctx.userId }, select: { name: true } }),
  ]);
  if (members.length !== ids.length) throw ApiError.notFound('A chosen user').with({ code: 'userNotFound' });

  // The responder (Tocsin's own web app) first: it needs no store and works on any phone.
  const links = { responderUrl: publicUrl('/r'), appStoreUrl: env.APP_STORE_URL, playStoreUrl: env.PLAY_STORE_URL };
  for (const { user } of members) {
    const email = await composeEmail('appDownloadReminder', user.locale, {
      name: user.name,
      companyName: ctx.company.name,
      inviterName: sender.name,
      links: [
        { key: 'responder', url: links.responderUrl },
        { key: 'appStore', url: links.appStoreUrl },
        { key: 'playStore', url: links.playStoreUrl },
      ],
      qrCodeOf: links.responderUrl,
    });
    await sendEmail({ to: user.email, ...email, companyId: ctx.company.id });
    if (user.phone) {
      const body = await composeSms('appDownloadReminder', user.locale, { companyName: ctx.company.name, ...links });
      await sendSms({ to: user.phone, body, companyId: ctx.company.id });
    }
  }
  return { sent: members.length };
}
