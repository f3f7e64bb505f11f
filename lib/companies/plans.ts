import type { Plan } from '@/lib/generated/prisma/enums';

/** The paying plans (spec §6): positioning, voice and extra seats are part of them, not of the free plan. */
export const PAYING_PLANS: Plan[] = ['professional', 'enterprise'];
