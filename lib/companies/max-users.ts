import type { Plan } from '@/lib/generated/prisma/enums';

export const FREE_PLAN_MAX_USERS = 5;

/** Seats a company may fill: 5 on the free plan; included plus extra paid seats on paying plans. */
export function maxUsers(company: { plan: Plan; includedSeats: number; extraSeats: number }): number {
  return company.plan === 'free' ? FREE_PLAN_MAX_USERS : company.includedSeats + company.extraSeats;
}
