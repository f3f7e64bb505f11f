import { VOICE_PLANS } from '@/lib/companies/plans';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { changeVoiceProfile, voiceProfileBody } from '@/lib/voice/change-voice-profile';
import { getVoiceProfile } from '@/lib/voice/get-voice-profile';

export const GET = route({ role: 'admin' }, getVoiceProfile);
export const PUT = route({ role: 'admin', plans: VOICE_PLANS, body: voiceProfileBody }, changeVoiceProfile);
export const { POST, PATCH, DELETE, OPTIONS } = otherMethods({ GET, PUT });
