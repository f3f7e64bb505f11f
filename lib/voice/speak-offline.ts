import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { processSingleton } from '@/lib/singleton';
import type { CallVoice } from './voice-catalogue';
import { wavFile } from './wav-file';

// Plain JavaScript beside this module, found from the project folder at run time (the route bundles live in .next).
const WORKER_FILE = path.join(process.cwd(), 'lib', 'voice', 'offline-speech-worker.mjs');
/** A sample of the longest text takes about 2 s; past this the engine is taken to be stuck and is restarted. */
const SPEAKING_TIMEOUT_MS = 30_000;

/** eSpeak NG's voice for a Twilio language, by the BCP 47 tag of the catalogue. */
const ESPEAK_LANGUAGES: Record<string, string> = {
  'en-US': 'en-us',
  'es-ES': 'es',
  'nb-NO': 'nb',
  'da-DK': 'da',
  'sv-SE': 'sv',
};
const ESPEAK_VARIANTS: Record<CallVoice['gender'], string> = { female: 'f3', male: 'm3' };

interface Reply {
  id: number;
  sampleRate?: number;
  samples?: Int16Array;
  error?: string;
}

interface Waiting {
  resolve: (wav: Uint8Array) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * eSpeak NG in one worker thread of this process, started on first use: texts are spoken one after another there, so a
 * sample costs the web process's event loop nothing but the message, and at most one CPU core is busy with speech.
 */
class OfflineSpeaker {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();

  speak(voice: string, text: string): Promise<Uint8Array> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.restart(new Error('offline speech took too long')), SPEAKING_TIMEOUT_MS);
      this.waiting.set(id, { resolve, reject, timer });
      worker.postMessage({ id, voice, text });
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_FILE);
    worker.on('message', (reply: Reply) => this.answer(reply));
    // Only the engine in use: one dropped earlier ends later, after a new one started.
    worker.on('error', (error: Error) => {
      if (this.worker === worker) this.restart(error);
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) this.restart(new Error(`offline speech engine stopped (exit code ${code})`));
    });
    // An idle engine does not keep the process alive (after the listeners, which would hold it again).
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private answer({ id, sampleRate, samples, error }: Reply): void {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    this.waiting.delete(id);
    clearTimeout(waiting.timer);
    if (error !== undefined || !sampleRate || !samples) waiting.reject(new Error(`offline speech failed: ${error}`));
    else waiting.resolve(wavFile({ sampleRate, samples }));
  }

  /** Fails what is waiting and drops the engine; the next sample starts a new one. */
  private restart(error: Error): void {
    const worker = this.worker;
    this.worker = null;
    for (const waiting of this.waiting.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(error);
    }
    this.waiting.clear();
    void worker?.terminate();
  }
}

const speaker = processSingleton('offline-speaker', () => new OfflineSpeaker());

/** The text spoken by eSpeak NG in the voice's language, female or male like the voice, as a WAV file. */
export function speakOffline(voice: CallVoice, text: string): Promise<Uint8Array> {
  const language = ESPEAK_LANGUAGES[voice.language];
  if (!language) throw new Error(`no offline voice for ${voice.language}`);
  return speaker.get().speak(`${language}+${ESPEAK_VARIANTS[voice.gender]}`, text);
}
