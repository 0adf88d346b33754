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

export async function createDenoiser(): Promise<Denoiser> {
  const module = await loadModule();
  const frame = module._rnnoise_get_frame_size();
  const state = module._rnnoise_create(0);
  const pointer = module._malloc(frame * 4);
  const pending = new Float32Array(frame);
  let filled = 0;
  let toSkip = frame;
  let received = 0;
  let sent = 0;

  function processFrame(out: number[]): void {
    const heap = module.HEAPF32.subarray(pointer >> 2, (pointer >> 2) + frame);
    for (let i = 0; i < frame; i++) heap[i] = (pending[i] ?? 0) * PCM16;
    module._rnnoise_process_frame(state, pointer, pointer);
    const result = module.HEAPF32.subarray(pointer >> 2, (pointer >> 2) + frame);
    for (let i = 0; i < frame; i++) {
      if (toSkip > 0) {
        toSkip--;
        continue;
      }
      out.push(Math.max(-1, Math.min(1, (result[i] ?? 0) / PCM16)));
    }
    filled = 0;
  }

  function push(samples: Float32Array): Float32Array {
    const out: number[] = [];
    for (const sample of samples) {
      pending[filled++] = sample;
      if (filled === frame) processFrame(out);
    }
    received += samples.length;
    sent += out.length;
    return Float32Array.from(out);
  }

  function end(): Float32Array {
    const out: number[] = [];
    // Feed silence until every sample given has come out again.
    while (sent + out.length < received) {
      pending.fill(0, filled);
      filled = frame;
      processFrame(out);
    }
    module._free(pointer);
    module._rnnoise_destroy(state);
    return Float32Array.from(out.slice(0, received - sent));
  }

  return { push, end };
}
