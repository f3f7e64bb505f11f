import { z } from 'zod';
import type { Ctx } from '@/lib/context';
import { DEFAULT_LOCALE, isLocale, LOCALES } from '@/lib/i18n/locales';
import { voicesForLocale } from './voice-catalogue';

export const voicesQuery = z.object({ language: z.enum(LOCALES).optional() });

/** The call voices of a product language: the one asked for, else the company's. */
export async function listVoices(ctx: Ctx, { language }: z.output<typeof voicesQuery>) {
  const company = await ctx.db.company.findUniqueOrThrow({ where: { id: ctx.company.id }, select: { language: true } });
  const locale = language ?? (isLocale(company.language) ? company.language : DEFAULT_LOCALE);
  return { language: locale, voices: voicesForLocale(locale) };
}
