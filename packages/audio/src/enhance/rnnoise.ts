import { applyGain, createVadGate, type VadGateOptions } from './gate.ts';

/**
 * RNNoise (Xiph's recurrent denoiser) compiled to WebAssembly, weights inside the npm package. It takes
 * 10 ms frames of 480 samples at 48 kHz, in 16-bit sample units, and answers each frame one frame
 * late; the denoiser here streams any chunk size and gives back exactly as many samples as it was
 * given, aligned with the input (the frame of delay is dropped at the start and flushed at the end).
 */
interface RnnoiseModule {
  _rnnoise_get_frame_size(): number;
  _rnnoise_create(model: number): number;
  _rnnoise_destroy(state: number): void;
  _rnnoise_process_frame(state: number, out: number, input: number): number;
  _malloc(bytes: number): number;
  _free(pointer: number): void;
  HEAPF32: Float32Array;
}

const PCM16 = 32_768;

/** The package ships JavaScript only; its default export is Emscripten's module factory. */
const PACKAGE: string = '@echogarden/rnnoise-wasm';

let loaded: Promise<RnnoiseModule> | null = null;
async function loadModule(): Promise<RnnoiseModule> {
  loaded ??= (import(PACKAGE) as Promise<{ default: () => Promise<RnnoiseModule> }>).then((module) => module.default());
  return loaded;
}

export interface Denoiser {
  /** Denoised samples (floats, -1..1) for what came in so far, delayed by nothing. */
  push(samples: Float32Array): Float32Array;
  /** The last samples, so the output is as long as the input; frees the state. */
  end(): Float32Array;
}

export interface DenoiserOptions {
  /** A gate on RNNoise's voice probability that ducks what is left between words (null: none). */
  gate?: VadGateOptions | null;
}

/**
 * RNNoise's frames in order, each with its voice probability, through the gate when there is one:
 * the frames wait for the gate's decision (its lookahead), then leave with their gain applied.
 */
function gatedFrames(options: VadGateOptions | null) {
  const gate = options ? createVadGate(options) : null;
  const waiting: Float32Array[] = [];
  let gain = 1;
  const release = (gains: number[], out: Float32Array[]) => {
    for (const next of gains) {
      const frame = waiting.shift();
      if (!frame) break;
      applyGain(frame, gain, next);
      gain = next;
      out.push(frame);
    }
  };
  return {
    push(frame: Float32Array, probability: number, out: Float32Array[]) {
      if (!gate) return void out.push(frame);
      waiting.push(frame);
      release(gate.push(probability), out);
    },
    end(out: Float32Array[]) {
      if (gate) release(gate.end(), out);
    },
  };
}

function joined(frames: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(frames.reduce((n, f) => n + f.length, 0));
  let at = 0;
  for (const frame of frames) {
    out.set(frame, at);
    at += frame.length;
  }
  return out;
}

export async function createDenoiser(options: DenoiserOptions = {}): Promise<Denoiser> {
  const module = await loadModule();
  const frame = module._rnnoise_get_frame_size();
  const state = module._rnnoise_create(0);
  const pointer = module._malloc(frame * 4);
  const pending = new Float32Array(frame);
  const gated = gatedFrames(options.gate ?? null);
  let filled = 0;
  /** RNNoise answers each frame one frame late: its first answer is the delay, dropped. */
  let processed = 0;
  let received = 0;
  let sent = 0;

  function processFrame(out: Float32Array[]): void {
    const heap = module.HEAPF32.subarray(pointer >> 2, (pointer >> 2) + frame);
    for (let i = 0; i < frame; i++) heap[i] = (pending[i] ?? 0) * PCM16;
    const probability = module._rnnoise_process_frame(state, pointer, pointer);
    const result = module.HEAPF32.subarray(pointer >> 2, (pointer >> 2) + frame);
    filled = 0;
    if (processed++ === 0) return;
    gated.push(
      Float32Array.from(result, (x) => Math.max(-1, Math.min(1, x / PCM16))),
      probability,
      out,
    );
  }

  function push(samples: Float32Array): Float32Array {
    const out: Float32Array[] = [];
    for (const sample of samples) {
      pending[filled++] = sample;
      if (filled === frame) processFrame(out);
    }
    received += samples.length;
    const result = joined(out);
    sent += result.length;
    return result;
  }

  function end(): Float32Array {
    const out: Float32Array[] = [];
    // Feed silence until every sample given has come out of RNNoise, then let the gate decide the rest.
    while ((processed - 1) * frame < received) {
      pending.fill(0, filled);
      filled = frame;
      processFrame(out);
    }
    gated.end(out);
    module._free(pointer);
    module._rnnoise_destroy(state);
    return joined(out).subarray(0, received - sent);
  }

  return { push, end };
}
