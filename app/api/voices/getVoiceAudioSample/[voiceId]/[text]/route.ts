import { spokenAudioAnswer } from '@/lib/http-parts/answers';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { getVoiceAudioSample, voiceSampleParams } from '@/lib/voice/get-voice-audio-sample';

export const GET = route(
  { role: 'admin', params: voiceSampleParams, answer: spokenAudioAnswer, throttled: true },
  getVoiceAudioSample,
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
