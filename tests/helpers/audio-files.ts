// Readers of the audio the voice samples answer with, strict enough that a file they accept plays.

export interface WavInfo {
  audioFormat: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  durationSeconds: number;
}

/** A RIFF/WAVE file's format chunk and the duration of its data chunk; throws when the file is not a sound WAV. */
export function readWav(file: Buffer): WavInfo {
  if (file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('not RIFF/WAVE');
  if (file.readUInt32LE(4) !== file.length - 8) throw new Error('the RIFF size is not the file size');
  let format: Omit<WavInfo, 'durationSeconds'> & { byteRate: number; blockAlign: number } = undefined!;
  for (let offset = 12; offset + 8 <= file.length;) {
    const id = file.toString('ascii', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (body + size > file.length) throw new Error(`chunk ${id} runs past the end`);
    if (id === 'fmt ') {
      format = {
        audioFormat: file.readUInt16LE(body),
        channels: file.readUInt16LE(body + 2),
        sampleRate: file.readUInt32LE(body + 4),
        byteRate: file.readUInt32LE(body + 8),
        blockAlign: file.readUInt16LE(body + 12),
        bitsPerSample: file.readUInt16LE(body + 14),
      };
      const { channels, sampleRate, bitsPerSample, byteRate, blockAlign } = format;
      if (blockAlign !== (channels * bitsPerSample) / 8 || byteRate !== sampleRate * blockAlign)
        throw new Error('the format chunk does not add up');
    }
    if (id === 'data') {
      if (!format) throw new Error('data before the format chunk');
      const { byteRate, blockAlign, ...info } = format;
      if (size % blockAlign !== 0) throw new Error('the data is not whole sample frames');
      return { ...info, durationSeconds: size / byteRate };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('no data chunk');
}

export interface MpegInfo {
  version: 1 | 2;
  layer: 3;
  sampleRate: number;
  frames: number;
  durationSeconds: number;
}

const MPEG1_BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_BITRATES = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES = { 1: [44100, 48000, 32000], 2: [22050, 24000, 16000] } as const;

/** Walks an MP3 stream (MPEG-1 or -2 Layer III) frame by frame from its first byte; throws at anything else. */
export function readMp3(file: Buffer): MpegInfo {
  let offset = 0;
  let frames = 0;
  let first: Omit<MpegInfo, 'frames' | 'durationSeconds'> | undefined;
  while (offset < file.length) {
    if (offset + 4 > file.length) throw new Error('a cut frame header at the end');
    const header = file.readUInt32BE(offset);
    if (header >>> 21 !== 0x7ff) throw new Error(`no frame sync at byte ${offset}`);
    const versionBits = (header >>> 19) & 3;
    const layerBits = (header >>> 17) & 3;
    const bitrateIndex = (header >>> 12) & 15;
    const rateIndex = (header >>> 10) & 3;
    const padding = (header >>> 9) & 1;
    if (layerBits !== 0b01) throw new Error('not Layer III');
    if (versionBits !== 0b11 && versionBits !== 0b10) throw new Error('not MPEG-1 or MPEG-2');
    const version = versionBits === 0b11 ? 1 : 2;
    if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) throw new Error('a bad bit rate or sample rate');
    const bitrate = (version === 1 ? MPEG1_BITRATES : MPEG2_BITRATES)[bitrateIndex] * 1000;
    const sampleRate = RATES[version][rateIndex];
    const frameBytes = Math.floor(((version === 1 ? 144 : 72) * bitrate) / sampleRate) + padding;
    if (offset + frameBytes > file.length) throw new Error('a cut frame at the end');
    first ??= { version, layer: 3, sampleRate };
    if (sampleRate !== first.sampleRate) throw new Error('the sample rate changes');
    offset += frameBytes;
    frames++;
  }
  if (!first) throw new Error('no frames');
  const samplesPerFrame = first.version === 1 ? 1152 : 576;
  return { ...first, frames, durationSeconds: (frames * samplesPerFrame) / first.sampleRate };
}
