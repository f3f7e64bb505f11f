import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record-audit';
import type { Ctx } from '@/lib/context';
import { findCallVoice } from './voice-catalogue';
import { getVoiceProfile } from './get-voice-profile';
import { CONFIRM_KEY, MAX_VOICE_TEXT } from './voice-rules';

const spokenText = z.string().trim().min(1).max(MAX_VOICE_TEXT);

export const voiceProfileBody = z.object({
  voiceId: z.string().refine((id) => findCallVoice(id) !== undefined, 'Choose one of the voices calls can use'),
  messageIntroduction: spokenText,
  messageCallConf: spokenText,
  messageKey1: spokenText,
  /** Fixed (spec §3): accepted only as it is. */
  confirmKey: z.literal(CONFIRM_KEY).optional(),
});

/** PUT /api/customer/voiceprofile: the company's voice and call texts, recorded with who changed them. */
export async function changeVoiceProfile(ctx: Ctx, input: z.output<typeof voiceProfileBody>) {
  const profile = {
    voiceId: input.voiceId,
    messageIntroduction: input.messageIntroduction,
    messageCallConf: input.messageCallConf,
    messageKey1: input.messageKey1,
  };
  await ctx.db.$transaction([
    ctx.db.voiceProfile.upsert({
      where: { companyId: ctx.company.id },
      create: { companyId: ctx.company.id, ...profile },
      update: profile,
    }),
    recordAudit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.userId,
      action: 'voiceProfile.changed',
      entityType: 'company',
      entityId: ctx.company.id,
      data: profile,
    }),
  ]);
  return getVoiceProfile(ctx);
}
