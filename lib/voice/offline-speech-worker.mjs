// The offline speech engine's thread (started by lib/voice/speak-offline.ts): eSpeak NG compiled to WebAssembly
// (@echogarden/espeak-ng-emscripten) turns { id, voice, text } into 16-bit mono PCM samples, one message at a time, so
// the web process's event loop never waits for it. Plain JavaScript: a worker thread loads it as is, outside the bundle.
import { parentPort } from 'node:worker_threads';
import createEspeak from '@echogarden/espeak-ng-emscripten';

const espeak = await createEspeak();
const synthesizer = new espeak.eSpeakNGWorker();
const sampleRate = synthesizer.get_samplerate();

function speak(voice, text) {
  synthesizer.set_voice(voice);
  const chunks = [];
  // eSpeak calls back with each stretch of samples it made (a pointer into the WebAssembly heap and a count).
  const onSamples = espeak.addFunction((pointer, count) => {
    if (count > 0) chunks.push(espeak.HEAP16.slice(pointer / 2, pointer / 2 + count));
    return 0;
  }, 'iiii');
  try {
    synthesizer.synth_(text, onSamples);
  } finally {
    espeak.removeFunction(onSamples);
  }
  const samples = new Int16Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    samples.set(chunk, offset);
    offset += chunk.length;
  }
  return samples;
}

parentPort.on('message', ({ id, voice, text }) => {
  try {
    const samples = speak(voice, text);
    parentPort.postMessage({ id, sampleRate, samples }, [samples.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
