import type { DbClient } from '@/lib/db';
import { getInstanceSettings } from './get-instance-settings';

/** What a new company starts with on this install (sign-up and /newCompany): the plan, seats and features its operators chose. */
export async function newCompanyColumns(db: DbClient) {
  const settings = await getInstanceSettings(db);
  return {
    plan: settings.newCompanyPlan,
    includedSeats: settings.newCompanySeats,
    features: settings.newCompanyFeatures,
  };
}
