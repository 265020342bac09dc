/**
 * A mono WAV file of 32-bit IEEE float samples (format tag 3), as REW, Audacity and other acoustic
 * tools read it.
 *
 * Float rather than 24-bit PCM: the samples are written exactly as generated, at the level the
 * convolver uses, with no peak normalisation and no requantisation of a decay that spans 60 dB or
 * more. A format other than PCM has a fmt chunk of 18 bytes (cbSize 0) and a fact chunk with the
 * number of sample frames. All fields are little-endian.
 */

const FORMAT_IEEE_FLOAT = 3;
const BYTES_PER_SAMPLE = 4;
/** "RIFF" size and "WAVE", fmt chunk (8 + 18), fact chunk (8 + 4), data chunk header (8). */
const HEADER_BYTES = 12 + 26 + 12 + 8;

export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array<ArrayBuffer> {
  if (!(Number.isInteger(sampleRate) && sampleRate > 0)) throw new RangeError(`Sample rate ${sampleRate} is not valid`);
  const dataBytes = samples.length * BYTES_PER_SAMPLE;
  const bytes = new Uint8Array(HEADER_BYTES + dataBytes);
  const view = new DataView(bytes.buffer);
  let at = 0;
  const text = (value: string) => {
    for (const char of value) view.setUint8(at++, char.charCodeAt(0));
  };
  const u16 = (value: number) => {
    view.setUint16(at, value, true);
    at += 2;
  };
  const u32 = (value: number) => {
    view.setUint32(at, value, true);
    at += 4;
  };

  text("RIFF");
  u32(bytes.length - 8);
  text("WAVE");
  text("fmt ");
  u32(18);
  u16(FORMAT_IEEE_FLOAT);
  u16(1); // channels
  u32(sampleRate);
  u32(sampleRate * BYTES_PER_SAMPLE); // bytes per second
  u16(BYTES_PER_SAMPLE); // block align: bytes per frame
  u16(8 * BYTES_PER_SAMPLE); // bits per sample
  u16(0); // cbSize: no extension
  text("fact");
  u32(4);
  u32(samples.length);
  text("data");
  u32(dataBytes);
  for (const sample of samples) {
    view.setFloat32(at, sample, true);
    at += BYTES_PER_SAMPLE;
  }
  return bytes;
}
