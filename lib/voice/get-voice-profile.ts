import type { Ctx } from '@/lib/context';
import { VOICE_PLANS } from '@/lib/companies/plans';
import { loadVoiceProfile } from './voice-profile';
import { CONFIRM_KEY } from './voice-rules';

/**
 * GET /api/customer/voiceprofile: the voice and texts the company's alert calls use (its saved profile or the defaults
 * of its language), the defaults themselves, the conference text of its settings, and whether its plan has voice calls.
 */
export async function getVoiceProfile(ctx: Ctx) {
  const { profile, defaults } = await loadVoiceProfile(ctx.db, ctx.company.id);
  return {
    voiceId: profile.voiceId,
    language: profile.language,
    messageIntroduction: profile.messageIntroduction,
    messageCallConf: profile.messageCallConf,
    messageKey1: profile.messageKey1,
    confirmKey: CONFIRM_KEY,
    conferenceText: profile.conferenceText,
    customized: profile.customized,
    locale: profile.locale,
    defaults,
    planIncludesVoice: VOICE_PLANS.includes(ctx.company.plan),
  };
}
