import { issueAuthToken } from '@/lib/auth/auth-tokens';
import type { DbClient } from '@/lib/db';
import { composeEmail } from '@/lib/email/compose-email';
import { publicUrl } from '@/lib/http-parts/public-url';
import { sendEmail } from '@/lib/providers/email/send-email';

/** How long a sign-up waits for its confirmation: then its link expires and the sign-up is removed (lib/retention). */
export const CONFIRMATION_LINK_MS = 48 * 60 * 60_000;

/** When the sign-up of an account made at `createdAt` expires unconfirmed: its links are valid until then, never longer. */
export const confirmationDeadline = (createdAt: Date) => new Date(createdAt.getTime() + CONFIRMATION_LINK_MS);

/**
 * A new confirmation link for a sign-up's owner, valid until `expiresAt`, the sign-up's deadline (their earlier unused link stops
 * working), and its e-mail, in `client` (the caller's transaction): the link is never issued without its e-mail on its
 * way.
 */
export async function sendConfirmationEmail(
  client: DbClient,
  input: {
    user: { id: string; name: string; email: string; locale: string };
    company: { id: string; name: string };
    now: Date;
    /** The sign-up's deadline (confirmationDeadline). */
    expiresAt: Date;
  },
): Promise<void> {
  const token = await issueAuthToken(client, {
    userId: input.user.id,
    kind: 'emailConfirm',
    now: input.now,
    validForMs: input.expiresAt.getTime() - input.now.getTime(),
  });
  const message = await composeEmail('signupConfirmation', input.user.locale, {
    name: input.user.name,
    link: publicUrl(`/confirmAdmin?token=${encodeURIComponent(token)}`),
    companyName: input.company.name,
  });
  await sendEmail({ ...message, to: input.user.email, companyId: input.company.id }, client);
}
