import { z } from 'zod';
import type { DbClient } from '@/lib/db';
import type { AlertType } from '@/lib/generated/prisma/enums';

/**
 * The company settings of the contact cycle (issue 36), each a CompanySetting row by its name; a company that never set
 * one has its default. Rounds: 0 turns the cycle off (only the fallback SMS, as before it); each round after the first
 * repeats push, SMS and call.
 */
export const CONTACT_CYCLE_SETTINGS = {
  contactCycleRounds: { schema: z.number().int().min(0).max(5), fallback: 2 },
  /** Minutes from a round's SMS to its call. */
  contactCycleCallAfterMinutes: { schema: z.number().int().min(1).max(60), fallback: 3 },
  /** Minutes from a round's call to the next round's push. */
  contactCycleRepeatAfterMinutes: { schema: z.number().int().min(1).max(120), fallback: 10 },
  /** The cycle for every alert, not only alarms. */
  contactCycleAllSeverities: { schema: z.boolean(), fallback: false },
  /** Minutes after sending at which an alert that asks for answers asks again who has not answered; 0: never by itself. */
  reaskAfterMinutes: { schema: z.number().int().min(0).max(240), fallback: 0 },
} as const;

export type ContactCycleSettingName = keyof typeof CONTACT_CYCLE_SETTINGS;
export type ContactCycleSettings = {
  [N in ContactCycleSettingName]: z.output<(typeof CONTACT_CYCLE_SETTINGS)[N]['schema']>;
};

/** The company's contact cycle settings, each its default where not set (or no longer valid). */
export async function readContactCycleSettings(db: DbClient, companyId: string): Promise<ContactCycleSettings> {
  const names = Object.keys(CONTACT_CYCLE_SETTINGS) as ContactCycleSettingName[];
  const rows = await db.companySetting.findMany({
    where: { companyId, name: { in: names } },
    select: { name: true, value: true },
  });
  const stored = new Map(rows.map((row) => [row.name, row.value]));
  return Object.fromEntries(
    names.map((name) => {
      const parsed = CONTACT_CYCLE_SETTINGS[name].schema.safeParse(stored.get(name));
      return [name, parsed.success ? parsed.data : CONTACT_CYCLE_SETTINGS[name].fallback];
    }),
  ) as ContactCycleSettings;
}

/** Alarms always go through the cycle; other alerts when the company chose it for every severity. */
export function alertTypeInCycle(type: AlertType, settings: Pick<ContactCycleSettings, 'contactCycleAllSeverities'>) {
  return type === 'alarm' || settings.contactCycleAllSeverities;
}
