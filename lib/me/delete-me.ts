import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import type { UserCtx } from '@/lib/context';
import { composeEmail } from '@/lib/email/compose-email';
import { sendEmail } from '@/lib/providers/email/send-email';
import { storage } from '@/lib/providers/storage/storage';

export const deleteMeBody = z.object({ usernameVerification: z.string().trim().min(1).max(254) });

/**
 * Deletes the user's account and everything about them (spec "My Data"). The typed e-mail must match. An owner who is
 * the only owner of a company that has other members must first delete the company or make someone else owner; a
 * company where the user is the only member is deleted with the account.
 */
export async function deleteMe(ctx: UserCtx, input: z.output<typeof deleteMeBody>) {
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: ctx.userId } });
  if (input.usernameVerification.toLowerCase() !== user.email) {
    throw ApiError.badRequest('The e-mail you typed does not match your account').with({ code: 'verification' });
  }
  const owned = await ctx.db.membership.findMany({
    where: { userId: user.id, role: 'owner', deletedAt: null, company: { deletedAt: null } },
    select: {
      companyId: true,
      company: {
        select: { name: true, memberships: { where: { deletedAt: null }, select: { userId: true, role: true } } },
      },
    },
  });
  const blocking = owned.filter(({ company }) => {
    const others = company.memberships.filter((m) => m.userId !== user.id);
    return others.length > 0 && !others.some((m) => m.role === 'owner');
  });
  if (blocking.length > 0) {
    const names = blocking.map((m) => m.company.name).join(', ');
    throw ApiError.conflict(
      `You are the only owner of ${names}. Delete the company or make another member its owner first`,
    ).with({
      code: 'soleOwner',
      companies: blocking.map((m) => ({ customerId: m.companyId, customerName: m.company.name })),
    });
  }
  const alone = owned
    .filter(({ company }) => company.memberships.every((m) => m.userId === user.id))
    .map((m) => m.companyId);
  const notice = await composeEmail('accountDeleted', user.locale, { name: user.name });

  // The notice is sent (queued or recorded) with the deletion, so neither happens without the other.
  await ctx.db.$transaction(async (tx) => {
    await tx.company.updateMany({ where: { id: { in: alone } }, data: { deletedAt: ctx.now } });
    await tx.user.delete({ where: { id: user.id } });
    await sendEmail({ ...notice, to: user.email }, tx);
  });
  if (user.profilePhotoKey) await storage().remove(user.profilePhotoKey);
  return {};
}
