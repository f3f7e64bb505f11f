import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { emailAddress } from '@/lib/auth/email-address';
import { hashPassword, newPassword } from '@/lib/auth/password';
import { companyName } from '@/lib/companies/company-name';
import type { PublicCtx } from '@/lib/context';
import { isUniqueViolation } from '@/lib/db/is-unique-violation';
import { assertSignUpAllowed } from '@/lib/instance/assert-sign-up-allowed';
import { newCompanyColumns } from '@/lib/instance/new-company-columns';
import { DEFAULT_LOCALE, LOCALES } from '@/lib/i18n/locales';
import { personName } from '@/lib/me/update-name';
import { assertSupportedDialCode, phoneNumber } from '@/lib/phone/phone-number';
import { takeAllowance, THROTTLES } from '@/lib/throttle/take-allowance';
import { assertCaptchaSolved } from './assert-captcha-solved';
import { confirmationDeadline, sendConfirmationEmail } from './send-confirmation-email';

export const signUpBody = z.object({
  companyName,
  name: personName,
  email: emailAddress,
  phone: phoneNumber,
  password: newPassword,
  acceptEula: z.boolean(),
  captcha: z.string().max(20_000).optional(),
  locale: z.enum(LOCALES).optional(),
});

const userExists = () =>
  ApiError.conflict('A user with this e-mail or phone number already exists').with({ code: 'userExists' });

/**
 * A new company (on the plan the install's operators chose for new companies) with its owner, both waiting for the e-mail confirmation (POST /api/signup/activate).
 * Refuses an e-mail or phone number registered to another user.
 */
export async function signUp(ctx: PublicCtx, input: z.output<typeof signUpBody>) {
  await takeAllowance([{ rule: THROTTLES.signUps, subject: ctx.clientAddress }]);
  if (!input.acceptEula) throw ApiError.badRequest('The end user agreement must be accepted').with({ code: 'eula' });
  await assertCaptchaSolved(input.captcha);
  assertSupportedDialCode(input.phone);
  await assertSignUpAllowed(ctx.db, input.email);
  const taken = await ctx.db.user.findFirst({
    where: { OR: [{ email: input.email }, { phone: input.phone }] },
    select: { id: true },
  });
  if (taken) throw userExists();

  const locale = input.locale ?? DEFAULT_LOCALE;
  const passwordHash = await hashPassword(input.password);
  // The e-mail is sent (queued, or recorded in the outbox) as the transaction's last step: when it cannot be sent,
  // nothing is created and the person can simply sign up again, rather than being left unconfirmed and locked out.
  const user = await ctx.db
    .$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { email: input.email, phone: input.phone, name: input.name, passwordHash, locale },
      });
      const company = await tx.company.create({
        data: { name: input.companyName, language: locale, ...(await newCompanyColumns(tx)) },
      });
      await tx.membership.create({ data: { userId: user.id, companyId: company.id, role: 'owner' } });
      await sendConfirmationEmail(tx, { user, company, now: ctx.now, expiresAt: confirmationDeadline(ctx.now) });
      return user;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? userExists() : error;
    });
  return { email: user.email };
}
