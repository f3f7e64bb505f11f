import { Readable } from 'node:stream';
import { attachmentDisposition } from './content-disposition';

/**
 * How an operation's result becomes an answer other than JSON: a route names one with its `answer` option. `status` and
 * `mediaType` also describe the answer in the OpenAPI document.
 */
export interface Answer<R> {
  status: number;
  mediaType?: string;
  respond: (result: R) => Response;
}

const JSON_TYPE = 'application/json; charset=utf-8';
/** SCIM answers (RFC 7644 §3.1). */
export const SCIM_JSON_TYPE = 'application/scim+json; charset=utf-8';
const NO_STORE = { 'Cache-Control': 'no-store' };

/** Every route's answer unless it names another: the result as JSON (`{}` for none), never cached. */
export function jsonAnswer(body: unknown, status: number, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body ?? {}), {
    status,
    headers: { 'Content-Type': JSON_TYPE, ...NO_STORE, ...headers },
  });
}

/** A download the browser saves under its file name. */
export interface NamedFile<C> {
  fileName: string;
  content: C;
}

/** JSON data as a download (My Data), indented for reading. Its file name is plain ASCII (a date), given as is. */
export const jsonFileAnswer: Answer<NamedFile<unknown>> = {
  status: 200,
  mediaType: 'application/json',
  respond: ({ fileName, content }) =>
    download(JSON.stringify(content, null, 2), JSON_TYPE, `attachment; filename="${fileName}"`),
};

/** A CSV table as a download, in UTF-8 with a byte order mark so that spreadsheet programs read the letters right. */
export const csvFileAnswer: Answer<NamedFile<string>> = {
  status: 200,
  mediaType: 'text/csv',
  respond: ({ fileName, content }) =>
    download(`\ufeff${content}`, 'text/csv; charset=utf-8', attachmentDisposition(fileName)),
};

function download(body: string, contentType: string, disposition: string): Response {
  return new Response(body, {
    headers: { 'Content-Type': contentType, 'Content-Disposition': disposition, ...NO_STORE },
  });
}

/** A stored file as its signed link serves it: shown inline, or saved under `fileName`; cacheable for `maxAgeSeconds`. */
export interface StoredFileDownload {
  file: { stream: Readable; size: number; contentType: string | null };
  fileName?: string;
  maxAgeSeconds: number;
}

export const storedFileAnswer: Answer<StoredFileDownload> = {
  status: 200,
  respond: ({ file, fileName, maxAgeSeconds }) =>
    new Response(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, {
      headers: {
        'Content-Type': file.contentType ?? 'application/octet-stream',
        'Content-Length': String(file.size),
        'Cache-Control': `private, max-age=${maxAgeSeconds}`,
        'Content-Disposition': fileName ? attachmentDisposition(fileName) : 'inline',
        // Uploaded content is never run as a page of this origin, whatever its type claims.
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'X-Content-Type-Options': 'nosniff',
      },
    }),
};

/** TwiML: Twilio's instructions for a call in progress or the reply to an SMS. */
export const twimlAnswer: Answer<string> = {
  status: 200,
  mediaType: 'text/xml',
  respond: (twiml) => new Response(twiml, { status: 200, headers: { 'Content-Type': 'text/xml; charset=utf-8' } }),
};

/** 204 without a body (Twilio's status callbacks want nothing back). */
export const noContentAnswer: Answer<void> = {
  status: 204,
  respond: () => new Response(null, { status: 204 }),
};

/** Speech the app made (a voice sample) and the engine that spoke it; the browser may keep it for a day. */
export interface SpokenAudio {
  audio: Uint8Array;
  contentType: 'audio/wav' | 'audio/mpeg';
  engine: 'polly' | 'espeak-ng';
}

export const spokenAudioAnswer: Answer<SpokenAudio> = {
  status: 200,
  mediaType: 'audio/*',
  respond: ({ audio, contentType, engine }) =>
    new Response(new Uint8Array(audio), {
      headers: {
        'Content-Type': contentType,
        'Cache-Control': 'private, max-age=86400',
        'Content-Disposition': 'inline',
        'X-Content-Type-Options': 'nosniff',
        'X-Voice-Engine': engine,
      },
    }),
};

/** Text in a media type of its own (Prometheus's exposition format), never cached. */
export const typedTextAnswer: Answer<{ contentType: string; text: string }> = {
  status: 200,
  mediaType: 'text/plain',
  respond: ({ contentType, text }) => new Response(text, { headers: { 'Content-Type': contentType, ...NO_STORE } }),
};
