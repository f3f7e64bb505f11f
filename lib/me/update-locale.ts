import { z } from 'zod';
import type { UserCtx } from '@/lib/context';
import { LOCALES } from '@/lib/i18n/locales';

export const updateLocaleBody = z.object({ locale: z.enum(LOCALES) });

/** The user's language, used for the e-mails and messages the product sends them. */
export async function updateLocale(ctx: UserCtx, input: z.output<typeof updateLocaleBody>) {
  return ctx.db.user.update({ where: { id: ctx.userId }, data: { locale: input.locale }, select: { locale: true } });
}
