import type { Plan } from '@/lib/generated/prisma/enums';

/** The paying plans (spec §6): positioning, voice and extra seats are part of them, not of the free plan. */
export const PAYING_PLANS: Plan[] = ['professional', 'enterprise'];

/** Spec §1, §6: voice calls (the channel and the company's voice profile) need the highest plan. */
export const VOICE_PLANS: Plan[] = ['enterprise'];
