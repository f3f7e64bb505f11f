import type { z } from 'zod';
import { recordAudit } from '@/lib/audit/record-audit';
import { consumeAuthToken, linkExpired } from '@/lib/auth/auth-tokens';
import type { PublicCtx } from '@/lib/context';
import { findMembershipInvitation, type membershipInvitationBody } from './find-membership-invitation';
import { assertSeatsFree, lockSeats } from '@/lib/companies/seats';

/**
 * POST /api/invitation/membership/accept: the person joins the company that invited them (by the link only they
 * received). From now on the company reaches them; their account stays their own (the company's directory writes the
 * membership's values, never the account's). A seat must be free (403 otherwise, the link still usable).
 */
export async function acceptMembershipInvitation(ctx: PublicCtx, input: z.output<typeof membershipInvitationBody>) {
  return ctx.db.$transaction(async (tx) => {
    const { membership } = await findMembershipInvitation(tx, input.token, ctx.now);
    assertSeatsFree(await lockSeats(tx, membership.companyId), 1);
    await consumeAuthToken(tx, {
      token: input.token,
      kind: 'membershipInvitation',
      now: ctx.now,
      expired: linkExpired(),
    });
    const joined = await tx.membership.updateMany({
      where: { id: membership.id, invitedAt: { not: null } },
      data: { invitedAt: null, deletedAt: null },
    });
    if (joined.count !== 1) throw linkExpired();
    await recordAudit(tx, {
      companyId: membership.companyId,
      actorId: membership.userId,
      action: 'member.invitationAccepted',
      entityType: 'member',
      entityId: membership.userId,
      createdAt: ctx.now,
    });
    return { companyName: membership.company.name };
  });
}
