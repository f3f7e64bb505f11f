import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import { personName } from '@/lib/me/update-name';
import { assertSupportedDialCode, phoneNumber } from '@/lib/phone/phone-number';
import { getSosContacts } from './get-sos-contacts';

export const MAX_SOS_CONTACTS = 10;

const outsideContact = z.object({ name: personName, phone: phoneNumber });
const memberContact = z.object({ contactUserId: z.uuid() });

// A member by id, or an outside contact by name and phone; chosen by the presence of contactUserId, so that a mistake
// is reported on its field ("sos.list.0.phone is not valid") rather than as a mismatched union.
const sosEntry = z.unknown().transform((value, context) => {
  const schema =
    typeof value === 'object' && value !== null && 'contactUserId' in value ? memberContact : outsideContact;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) context.addIssue({ ...issue, input: value } as never);
  return z.NEVER;
});

export const replaceSosContactsBody = z.object({
  sos: z.object({ list: z.array(sosEntry).max(MAX_SOS_CONTACTS) }),
});

/** Replaces the user's SOS list in the current company (PUT /api/sosContacts, body `sos.list`). */
export async function replaceSosContacts(ctx: Ctx, input: z.output<typeof replaceSosContactsBody>) {
  const list = input.sos.list;
  const memberIds = list.flatMap((entry) => ('contactUserId' in entry ? [entry.contactUserId] : []));
  if (memberIds.includes(ctx.userId)) throw ApiError.badRequest('You cannot be your own SOS contact');
  const members = await ctx.db.membership.count({
    where: { companyId: ctx.company.id, userId: { in: memberIds }, deletedAt: null },
  });
  if (members !== new Set(memberIds).size) throw ApiError.badRequest('contactUserId is not valid');
  for (const entry of list) if ('phone' in entry) assertSupportedDialCode(entry.phone);

  await ctx.db.$transaction([
    ctx.db.sosContact.deleteMany({ where: { userId: ctx.userId, companyId: ctx.company.id } }),
    ctx.db.sosContact.createMany({
      data: list.map((entry, sortIndex) => ({
        userId: ctx.userId,
        companyId: ctx.company.id,
        sortIndex,
        ...('contactUserId' in entry
          ? { contactUserId: entry.contactUserId }
          : { name: entry.name, phone: entry.phone }),
      })),
    }),
  ]);
  return getSosContacts(ctx);
}
