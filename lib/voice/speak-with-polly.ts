import { PollyClient, SynthesizeSpeechCommand, type LanguageCode, type VoiceId } from '@aws-sdk/client-polly';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { env } from '@/lib/env';
import { processSingleton } from '@/lib/singleton';
import type { CallVoice } from './voice-catalogue';

const client = processSingleton('polly', () =>
  env.POLLY_REGION
    ? new PollyClient({
        region: env.POLLY_REGION,
        endpoint: env.POLLY_ENDPOINT,
        // HTTP/1.1: the client's default HTTP/2 is for the bidirectional speech stream, which Tocsin does not use.
        requestHandler: new NodeHttpHandler(),
        credentials:
          env.POLLY_ACCESS_KEY_ID && env.POLLY_SECRET_ACCESS_KEY
            ? { accessKeyId: env.POLLY_ACCESS_KEY_ID, secretAccessKey: env.POLLY_SECRET_ACCESS_KEY }
            : undefined,
      })
    : null,
);

/** Whether Amazon Polly is set up (POLLY_REGION); else every sample is spoken offline. */
export function isPollyConfigured(): boolean {
  return client.get() !== null;
}

/** The text spoken by Amazon Polly in a Polly voice of the catalogue (`Polly.Joanna-Neural`: Joanna, neural engine), as MP3. */
export async function speakWithPolly(voice: CallVoice, text: string): Promise<Uint8Array> {
  const polly = client.get();
  if (!polly || voice.provider !== 'polly') throw new Error(`Polly cannot speak ${voice.id}`);
  const answer = await polly.send(
    new SynthesizeSpeechCommand({
      VoiceId: voice.name as VoiceId,
      Engine: voice.neural ? 'neural' : 'standard',
      LanguageCode: voice.language as LanguageCode,
      OutputFormat: 'mp3',
      TextType: 'text',
      Text: text,
    }),
  );
  if (!answer.AudioStream) throw new Error('Polly answered no audio');
  return answer.AudioStream.transformToByteArray();
}
