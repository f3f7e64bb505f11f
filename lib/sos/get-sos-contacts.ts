import type { Ctx } from '@/lib/context';

/** The user's SOS list in the current company, in order: outside contacts (name, phone) or fellow members. */
export async function getSosContacts(ctx: Ctx) {
  const contacts = await ctx.db.sosContact.findMany({
    where: { userId: ctx.userId, companyId: ctx.company.id },
    orderBy: { sortIndex: 'asc' },
    include: { contactUser: { select: { name: true, phone: true } } },
  });
  return {
    list: contacts.map((contact) => ({
      id: contact.id,
      contactUserId: contact.contactUserId,
      name: contact.contactUser?.name ?? contact.name ?? '',
      phone: contact.contactUser?.phone ?? contact.phone ?? null,
    })),
  };
}
