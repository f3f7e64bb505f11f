/** 16-bit mono PCM samples and their rate. */
export interface PcmAudio {
  sampleRate: number;
  samples: Int16Array;
}

const HEADER_BYTES = 44;

/** The samples as a WAV file (RIFF, format chunk of PCM, one channel, 16 bits, then the data chunk), little-endian. */
export function wavFile({ sampleRate, samples }: PcmAudio): Uint8Array {
  const dataBytes = samples.length * 2;
  const file = new Uint8Array(HEADER_BYTES + dataBytes);
  const view = new DataView(file.buffer);
  const ascii = (offset: number, text: string) =>
    [...text].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, HEADER_BYTES - 8 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes a second
  view.setUint16(32, 2, true); // bytes a sample frame
  view.setUint16(34, 16, true); // bits a sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  samples.forEach((sample, i) => view.setInt16(HEADER_BYTES + i * 2, sample, true));
  return file;
}
