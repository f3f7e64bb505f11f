import { z } from 'zod';
import { alertBody } from '@/lib/alerts/alert-body';
import { sendAlert } from '@/lib/alerts/send-alert';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import { positionBody } from '@/lib/devices/device-body';
import { sendSms } from '@/lib/providers/sms/send-sms';
import { composeSms } from '@/lib/sms/compose-sms';

export const sendSosBody = z.object({
  message: z.string().trim().max(1000).nullish(),
  position: positionBody.nullish(),
  deviceId: z.uuid().nullish(),
});

const ADMIN_ROLES = ['admin', 'superAdmin', 'owner'] as const;

/**
 * A person in danger presses SOS in the app: an alert of type sos goes to the members on their SOS list, else to the
 * company's admins, with their message (else the company's default SOS text) and position; the outside contacts on
 * the list (name and phone, no account) get it by SMS. Answers `{ alertId }`.
 */
export async function sendSos(ctx: Ctx, input: z.output<typeof sendSosBody>) {
  const [me, company, contacts] = await Promise.all([
    ctx.db.user.findUniqueOrThrow({ where: { id: ctx.userId }, select: { name: true } }),
    ctx.db.company.findUniqueOrThrow({
      where: { id: ctx.company.id },
      select: { language: true, defaultSosMessage: true },
    }),
    ctx.db.sosContact.findMany({
      where: { userId: ctx.userId, companyId: ctx.company.id },
      select: { contactUserId: true, phone: true },
    }),
  ]);
  if (
    input.deviceId &&
    !(await ctx.db.device.findFirst({ where: { id: input.deviceId, userId: ctx.userId }, select: { id: true } }))
  ) {
    throw ApiError.notFound('The device');
  }
  const listed = contacts.flatMap((contact) => (contact.contactUserId ? [contact.contactUserId] : []));
  const listedMembers = listed.length
    ? await ctx.db.membership.findMany({
        where: { companyId: ctx.company.id, deletedAt: null, userId: { in: listed } },
        select: { userId: true },
      })
    : [];
  const users = listedMembers.length ? listedMembers.map((member) => member.userId) : await companyAdmins(ctx);

  const name = me.name;
  const message =
    input.message || company.defaultSosMessage || (await composeSms('sosDefaultMessage', company.language, { name }));
  const position = input.position ?? null;
  const body = alertBody.parse({
    title: await composeSms('sosAlertTitle', company.language, { name }),
    message,
    channels: ['push', 'sms'],
    target: { users },
    position,
  });
  const { alertId } = await sendAlert(ctx, body, 'alarm', { type: 'sos' });

  if (position) {
    await ctx.db.position.create({
      data: {
        userId: ctx.userId,
        deviceId: input.deviceId ?? null,
        lat: position.lat,
        lng: position.lng,
        accuracy: position.accuracy ?? null,
        source: 'sos',
        companyId: ctx.company.id,
        recordedAt: ctx.now,
      },
    });
  }
  const outside = contacts.flatMap((contact) => (!contact.contactUserId && contact.phone ? [contact.phone] : []));
  if (outside.length) {
    const text = await composeSms('sosToContact', company.language, { name, message });
    const where = position
      ? ` ${await composeSms('sosPosition', company.language, { link: `https://www.openstreetmap.org/?mlat=${position.lat}&mlon=${position.lng}#map=16/${position.lat}/${position.lng}` })}`
      : '';
    await Promise.all(outside.map((to) => sendSms({ to, body: `${text}${where}`, companyId: ctx.company.id })));
  }
  return { alertId };
}

/** The company's admins other than the caller; the caller too when they are its only admin (the SOS is still recorded). */
async function companyAdmins(ctx: Ctx): Promise<string[]> {
  const admins = await ctx.db.membership.findMany({
    where: { companyId: ctx.company.id, deletedAt: null, role: { in: [...ADMIN_ROLES] } },
    select: { userId: true },
  });
  const others = admins.map((admin) => admin.userId).filter((userId) => userId !== ctx.userId);
  return others.length ? others : admins.map((admin) => admin.userId);
}
