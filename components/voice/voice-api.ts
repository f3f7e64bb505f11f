import type { AnswerOf } from '@/lib/http/answer-of';
import { api } from '@/lib/http/client';
import type { Locale } from '@/lib/i18n/locales';
import type { changeVoiceProfile } from '@/lib/voice/change-voice-profile';
import type { getVoiceProfile } from '@/lib/voice/get-voice-profile';
import type { listVoices } from '@/lib/voice/list-voices';
import { settingsApi } from '@/components/settings/settings-api';
import { apiQuery } from '@/components/ui/api-query';

// The voice of alert calls (issue 19): GET/PUT /api/customer/voiceprofile, GET /api/voices, the audio sample, and the
// conference text, which is a company setting.

export type VoiceProfile = AnswerOf<typeof getVoiceProfile>;
export type VoiceTexts = VoiceProfile['defaults'];
type Voices = AnswerOf<typeof listVoices>;

/** Who spoke a sample: Amazon Polly (the voice calls use) or the offline engine of the installation. */
export type SampleEngine = 'polly' | 'espeak-ng';

export const voiceProfileQuery = apiQuery<VoiceProfile>('/api/customer/voiceprofile');
export const voicesQuery = (locale: Locale) => apiQuery<Voices>(`/api/voices?language=${locale}`);

const SAMPLE_TIMEOUT_MS = 60_000;

export const voiceApi = {
  save: (texts: VoiceTexts) => api.put<AnswerOf<typeof changeVoiceProfile>>('/api/customer/voiceprofile', texts),
  saveConferenceText: (text: string | null) => settingsApi.change('conferenceText', text),
  /** The voice saying the text, as audio, and the engine that spoke it. */
  async sample(voiceId: string, text: string): Promise<{ audio: Blob; engine: SampleEngine | null }> {
    const path = `/api/voices/getVoiceAudioSample/${encodeURIComponent(voiceId)}/${encodeURIComponent(text)}`;
    const { blob, headers } = await api.download(path, { timeoutMs: SAMPLE_TIMEOUT_MS });
    const engine = headers.get('X-Voice-Engine');
    return { audio: blob, engine: engine === 'polly' || engine === 'espeak-ng' ? engine : null };
  },
};
