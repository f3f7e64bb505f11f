import type { DbClient } from '@/lib/db';
import type { Feature, Plan, SignUpPolicy } from '@/lib/generated/prisma/enums';

export interface InstanceSettings {
  signUpPolicy: SignUpPolicy;
  signUpDomains: string[];
  newCompanyPlan: Plan;
  newCompanySeats: number;
  newCompanyFeatures: Feature[];
}

/** Until an operator saves settings: anyone may sign up, and a new company starts free with 5 seats (the spec's rules). */
export const DEFAULT_INSTANCE_SETTINGS: InstanceSettings = {
  signUpPolicy: 'open',
  signUpDomains: [],
  newCompanyPlan: 'free',
  newCompanySeats: 5,
  newCompanyFeatures: [],
};

/** The install's settings (issue 35): the one row its operators saved, or the defaults. */
export async function getInstanceSettings(db: DbClient): Promise<InstanceSettings> {
  const row = await db.instanceSettings.findUnique({
    where: { id: 1 },
    select: {
      signUpPolicy: true,
      signUpDomains: true,
      newCompanyPlan: true,
      newCompanySeats: true,
      newCompanyFeatures: true,
    },
  });
  return row ?? DEFAULT_INSTANCE_SETTINGS;
}
