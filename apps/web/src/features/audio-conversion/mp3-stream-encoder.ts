import { Mp3Encoder } from '@breezystack/lamejs';
import { UPLOAD_CONVERSION, conversionSampleRate } from '@ppp/contracts';
import type { WavFormat } from './wav-header.ts';

/** One channel's samples, -1..1, from interleaved frames of a WAV's data chunk. */
function channelSamples(bytes: Uint8Array, format: WavFormat, channel: number): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const frames = Math.floor(bytes.byteLength / format.blockAlign);
  const width = format.bitsPerSample / 8;
  const out = new Float32Array(frames);
  for (let i = 0, at = channel * width; i < frames; i++, at += format.blockAlign) {
    if (format.encoding === 'float') out[i] = width === 4 ? view.getFloat32(at, true) : view.getFloat64(at, true);
    else if (width === 2) out[i] = view.getInt16(at, true) / 32768;
    else if (width === 1) out[i] = (view.getUint8(at) - 128) / 128;
    else if (width === 3) out[i] = (view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16)) / 8388608;
    else out[i] = view.getInt32(at, true) / 2147483648;
  }
  return out;
}

/** Linear resampling across chunks: the fractional read position and the last sample carry over. */
class StreamResampler {
  private position = 0;
  private previous = 0;
  private readonly step: number;
  constructor(from: number, to: number) {
    this.step = from / to;
  }
  push(input: Float32Array): Float32Array {
    if (this.step === 1 || input.length === 0) return input;
    const out: number[] = [];
    let t = this.position;
    while (t < input.length - 1) {
      const i = Math.floor(t);
      const a = i < 0 ? this.previous : input[i]!;
      out.push(a + (input[i + 1]! - a) * (t - i));
      t += this.step;
    }
    this.position = t - input.length;
    this.previous = input[input.length - 1]!;
    return Float32Array.from(out);
  }
}

function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    out[i] = s < 0 ? s * 32768 : s * 32767;
  }
  return out;
}

/**
 * WAV samples in, MP3 out (spec 001 §9): 128 kbps, at a sample rate from the spec's list, fed to
 * the encoder in 1152-sample frames. Mono stays mono; more than two channels keep the first two.
 * Give it the data chunk in pieces of whole frames, then call finish().
 */
export class Mp3StreamEncoder {
  readonly sampleRate: number;
  readonly channels: number;
  private readonly encoder: Mp3Encoder;
  private readonly resamplers: StreamResampler[];
  private pending: Int16Array[];
  private readonly format: WavFormat;

  constructor(format: WavFormat) {
    this.format = format;
    this.sampleRate = conversionSampleRate(format.sampleRate);
    this.channels = Math.min(2, format.channels);
    this.encoder = new Mp3Encoder(this.channels, this.sampleRate, UPLOAD_CONVERSION.kbps);
    this.resamplers = Array.from({ length: this.channels }, () => new StreamResampler(format.sampleRate, this.sampleRate));
    this.pending = Array.from({ length: this.channels }, () => new Int16Array(0));
  }

  /** Encodes every whole 1152-sample frame the bytes complete; the rest waits for the next piece. */
  push(bytes: Uint8Array): Uint8Array[] {
    const fresh = this.resamplers.map((r, c) => toInt16(r.push(channelSamples(bytes, this.format, c))));
    this.pending = this.pending.map((held, c) => {
      const joined = new Int16Array(held.length + fresh[c]!.length);
      joined.set(held);
      joined.set(fresh[c]!, held.length);
      return joined;
    });
    return this.encodeFrames(false);
  }

  /** The last partial frame and the encoder's tail. */
  finish(): Uint8Array[] {
    const out = this.encodeFrames(true);
    const tail = this.encoder.flush();
    if (tail.length > 0) out.push(tail);
    return out;
  }

  private encodeFrames(all: boolean): Uint8Array[] {
    const frame = UPLOAD_CONVERSION.frameSamples;
    const available = this.pending[0]!.length;
    const usable = all ? available : available - (available % frame);
    const out: Uint8Array[] = [];
    for (let at = 0; at < usable; at += frame) {
      const end = Math.min(at + frame, usable);
      const left = this.pending[0]!.subarray(at, end);
      const mp3 =
        this.channels === 2 ? this.encoder.encodeBuffer(left, this.pending[1]!.subarray(at, end)) : this.encoder.encodeBuffer(left);
      if (mp3.length > 0) out.push(new Uint8Array(mp3));
    }
    this.pending = this.pending.map((held) => held.slice(usable));
    return out;
  }
}
