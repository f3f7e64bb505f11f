import type { z } from 'zod';
import type { PublicCtx } from '@/lib/context';
import { findMembershipInvitation, type membershipInvitationBody } from './find-membership-invitation';

/** POST /api/invitation/membership: what the invitation page (/joinCompany) shows before the person accepts. */
export async function readMembershipInvitation(ctx: PublicCtx, input: z.output<typeof membershipInvitationBody>) {
  const { token, membership } = await findMembershipInvitation(ctx.db, input.token, ctx.now);
  return { companyName: membership.company.name, email: token.email as string };
}
