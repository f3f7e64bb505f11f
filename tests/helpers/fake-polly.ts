import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsRequestError, checkSigV4, readBody, type AwsKeys } from './aws-sigv4';

// A small stand-in for Amazon Polly's SynthesizeSpeech (POST /v1/speech, REST-JSON), the shape of the real API at the
// HTTP boundary: it checks the SigV4 signature (service "polly") against the one key pair it knows, validates the
// request the way Polly does (voice, engine of the voice, output format, text length) and answers errors as Polly
// does (status, x-amzn-ErrorType, { message }). Speech is MPEG audio of silence: real MP3 frames (MPEG-2 Layer III,
// mono, 48 kbit/s at Polly's default rate), about 60 ms per character, with Polly's x-amzn-* headers.

export interface FakeSpeechRequest {
  VoiceId: string;
  Engine?: string;
  LanguageCode?: string;
  OutputFormat: string;
  Text: string;
  TextType?: string;
  /** The Authorization header as sent. */
  authorization: string;
}

/** The key pair it accepts (a test may change accessKeyId, standing for a revoked key) and what it was asked. */
export interface FakePolly extends AwsKeys {
  /** http://127.0.0.1:<port>, for POLLY_ENDPOINT. */
  url: string;
  /** Every SynthesizeSpeech request the fake answered with speech. */
  requests: FakeSpeechRequest[];
  /** Every request as `METHOD /path -> status`. */
  log: string[];
  stop(): Promise<void>;
}

/** Polly's voices of the five product languages and the engines each has (Amazon Polly's list of voices). */
const VOICE_ENGINES: Record<string, string[]> = {
  Danielle: ['neural'],
  Gregory: ['neural'],
  Ivy: ['standard', 'neural'],
  Joanna: ['standard', 'neural'],
  Kendra: ['standard', 'neural'],
  Kimberly: ['standard', 'neural'],
  Salli: ['standard', 'neural'],
  Joey: ['standard', 'neural'],
  Justin: ['standard', 'neural'],
  Kevin: ['standard', 'neural'],
  Matthew: ['standard', 'neural'],
  Ruth: ['neural'],
  Stephen: ['neural'],
  Conchita: ['standard'],
  Lucia: ['standard', 'neural'],
  Enrique: ['standard'],
  Sergio: ['neural'],
  Liv: ['standard'],
  Ida: ['neural'],
  Naja: ['standard'],
  Mads: ['standard'],
  Sofie: ['neural'],
  Astrid: ['standard'],
  Elin: ['neural'],
};
const OUTPUT_FORMATS = ['json', 'mp3', 'ogg_vorbis', 'pcm'];
/** Polly's limit of billed characters a request. */
const MAX_TEXT = 3000;
const SAMPLES_PER_FRAME = 576; // MPEG-2 Layer III
const BIT_RATE = 48_000;
/** Polly's default MP3 rate: 22050 Hz for the standard engine, 24000 Hz for the neural one. */
const RATE_INDEX: Record<number, number> = { 22050: 0b00, 24000: 0b01 };

/** Frames of silence, each a 4-byte header (sync, MPEG-2, Layer III, no CRC, 48 kbit/s, the rate, mono) and zeros. */
export function silentMp3(sampleRate: 22050 | 24000, seconds: number): Buffer {
  const frameBytes = Math.floor((72 * BIT_RATE) / sampleRate);
  const frames = Math.max(1, Math.ceil((seconds * sampleRate) / SAMPLES_PER_FRAME));
  const audio = Buffer.alloc(frames * frameBytes);
  for (let frame = 0; frame < frames; frame++) {
    audio.set([0xff, 0xf3, 0x60 | (RATE_INDEX[sampleRate] << 2), 0xc4], frame * frameBytes);
  }
  return audio;
}

const validation = (message: string) => new AwsRequestError(400, 'ValidationException', message);

function validate(body: Record<string, unknown>): FakeSpeechRequest {
  const { VoiceId, Engine, OutputFormat, Text } = body;
  if (typeof VoiceId !== 'string' || !(VoiceId in VOICE_ENGINES)) {
    throw validation(
      `1 validation error detected: Value '${String(VoiceId)}' at 'voiceId' failed to satisfy constraint: Member must satisfy enum value set: [${Object.keys(VOICE_ENGINES).join(', ')}]`,
    );
  }
  if (typeof OutputFormat !== 'string' || !OUTPUT_FORMATS.includes(OutputFormat)) {
    throw validation(
      `1 validation error detected: Value '${String(OutputFormat)}' at 'outputFormat' failed to satisfy constraint: Member must satisfy enum value set: [${OUTPUT_FORMATS.join(', ')}]`,
    );
  }
  if (typeof Text !== 'string')
    throw validation(
      "1 validation error detected: Value null at 'text' failed to satisfy constraint: Member must not be null",
    );
  if (Text.length > MAX_TEXT) {
    throw new AwsRequestError(400, 'TextLengthExceededException', `Maximum text length has been exceeded`);
  }
  const engine = typeof Engine === 'string' ? Engine : 'standard';
  if (!VOICE_ENGINES[VoiceId].includes(engine)) {
    throw new AwsRequestError(
      400,
      'EngineNotSupportedException',
      `This voice does not support the selected engine: ${engine}`,
    );
  }
  return body as unknown as FakeSpeechRequest;
}

export async function startFakePolly(options: { region?: string } = {}): Promise<FakePolly> {
  const fake: FakePolly = {
    url: '',
    accessKeyId: 'fake-polly-access-key',
    secretAccessKey: 'fake-polly-secret-key-0123456789',
    region: options.region ?? 'eu-west-1',
    requests: [],
    log: [],
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake-polly');
    const body = await readBody(request);
    if (request.method !== 'POST' || url.pathname !== '/v1/speech') {
      throw new AwsRequestError(404, 'UnknownOperationException', 'Unknown operation');
    }
    try {
      checkSigV4(request, url, fake, 'polly', body);
    } catch (error) {
      // Polly words these as its other JSON services do.
      if (error instanceof AwsRequestError && error.code === 'InvalidAccessKeyId')
        throw new AwsRequestError(
          403,
          'UnrecognizedClientException',
          'The security token included in the request is invalid.',
        );
      if (error instanceof AwsRequestError) throw new AwsRequestError(403, 'InvalidSignatureException', error.message);
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw new AwsRequestError(400, 'SerializationException', 'Start of structure or map found where not expected.');
    }
    const speech = validate(parsed as Record<string, unknown>);
    fake.requests.push({ ...speech, authorization: String(request.headers.authorization) });
    const rate = speech.Engine === 'neural' ? 24000 : 22050;
    const audio = silentMp3(rate, speech.Text.length * 0.06);
    response.writeHead(200, {
      'Content-Type': 'audio/mpeg',
      'x-amzn-RequestCharacters': String(speech.Text.length),
      'x-amzn-RequestId': randomUUID(),
    });
    response.end(audio);
  }

  const server = createServer((request, response) => {
    handle(request, response)
      .catch((error: unknown) => {
        request.resume();
        const failure =
          error instanceof AwsRequestError ? error : new AwsRequestError(500, 'ServiceFailureException', String(error));
        response.writeHead(failure.status, {
          'Content-Type': 'application/json',
          'x-amzn-ErrorType': `${failure.code}:`,
          'x-amzn-RequestId': randomUUID(),
        });
        response.end(JSON.stringify({ message: failure.message }));
      })
      .finally(() => fake.log.push(`${request.method} ${request.url} -> ${response.statusCode}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
