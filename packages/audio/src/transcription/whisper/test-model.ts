import { rename, writeFile } from 'node:fs/promises';
import {
  ENGLISH_ONLY_VOCAB,
  GGML_MAGIC,
  HPARAM_ORDER,
  elementsOf,
  expectedTensors,
  weightTypeOf,
  type ExpectedTensor,
  type GgmlHparams,
} from './ggml-layout.ts';

/**
 * A tiny whisper.cpp model with random weights, written in the exact layout of
 * models/convert-pt-to-ggml.py, for tests and benchmarks that need the real binding to load and
 * decode something in seconds. It recognises nothing: its words are gibberish with real timestamps.
 */
export interface TestModelOptions {
  /** Width of encoder and decoder (whisper tiny has 384). */
  width?: number;
  layers?: number;
  heads?: number;
  /** 51864 makes it an English-only model, as ggml-tiny.en.bin. */
  vocab?: number;
  ftype?: 'f32' | 'f16';
  seed?: number;
}

/** The count convert-pt-to-ggml.py stores for the English models (gpt2.tiktoken); the loader adds the special tokens. */
const STORED_VOCAB = 50256;
const N_FFT = 201;

/** mulberry32: small, seeded, good enough for weights that only need to be fixed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * GPT-2's byte tokens first, in its order (printable bytes, then the rest: so 220 is ' ', which the
 * decoder looks up by text), then readable nonsense ('ka', ' ton'…), every third starting a word.
 */
function vocabulary(count: number): Buffer[] {
  const printable = (byte: number) => (byte >= 33 && byte <= 126) || (byte >= 161 && byte <= 172) || byte >= 174;
  const bytes = Array.from({ length: 256 }, (_, byte) => byte);
  const byteTokens = [...bytes.filter(printable), ...bytes.filter((byte) => !printable(byte))].map((byte) => Buffer.from([byte]));
  const consonants = 'bdfgklmnprstvz';
  const vowels = 'aeiou';
  const words = Array.from({ length: Math.max(0, count - 256) }, (_, i) => {
    let text = '';
    for (let n = i + 1; n > 0; n = Math.floor(n / 70)) {
      const syllable = n % 70;
      text += (consonants[syllable % 14] ?? '') + (vowels[Math.floor(syllable / 14)] ?? '');
    }
    return Buffer.from(i % 3 === 0 ? ` ${text}` : text, 'utf8');
  });
  return [...byteTokens, ...words].slice(0, count);
}

function tensorData(tensor: ExpectedTensor, next: () => number): Buffer {
  const count = elementsOf(tensor.shape);
  const isNorm = /_ln\.weight$|ln_post\.weight$|decoder\.ln\.weight$/.test(tensor.name);
  const values = tensor.type.name === 'f16' ? new Float16Array(count) : new Float32Array(count);
  for (let i = 0; i < count; i++) values[i] = isNorm ? 1 : (next() - 0.5) * 0.2;
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength);
}

function int32s(values: readonly number[]): Buffer {
  const buffer = Buffer.alloc(4 * values.length);
  values.forEach((value, i) => buffer.writeInt32LE(value, 4 * i));
  return buffer;
}

export function testModelHparams(options: TestModelOptions = {}): GgmlHparams {
  const width = options.width ?? 64;
  const layers = options.layers ?? 1;
  const heads = options.heads ?? 1;
  return {
    nVocab: options.vocab ?? ENGLISH_ONLY_VOCAB,
    nAudioCtx: 1500,
    nAudioState: width,
    nAudioHead: heads,
    nAudioLayer: layers,
    nTextCtx: 448,
    nTextState: width,
    nTextHead: heads,
    nTextLayer: layers,
    nMels: 80,
    ftype: options.ftype === 'f32' ? 0 : 1,
  };
}

/** The whole file in memory (about 7 MB at the defaults). */
export function buildTestModel(options: TestModelOptions = {}): Buffer {
  const hparams = testModelHparams(options);
  const next = random(options.seed ?? 1);
  const weight = weightTypeOf(hparams.ftype);
  if (!weight) throw new Error(`no weight type for ftype ${hparams.ftype}`);
  const parts: Buffer[] = [int32s([GGML_MAGIC]), int32s(HPARAM_ORDER.map((key) => hparams[key]))];
  parts.push(int32s([hparams.nMels, N_FFT]));
  const filters = new Float32Array(hparams.nMels * N_FFT).map(() => next() * 0.05);
  parts.push(Buffer.from(filters.buffer));
  const tokens = vocabulary(Math.min(STORED_VOCAB, hparams.nVocab));
  parts.push(int32s([tokens.length]));
  for (const token of tokens) parts.push(int32s([token.length]), token);
  for (const tensor of expectedTensors(hparams, weight)) {
    const name = Buffer.from(tensor.name, 'utf8');
    parts.push(int32s([tensor.shape.length, name.length, tensor.type.id, ...tensor.shape]), name, tensorData(tensor, next));
  }
  return Buffer.concat(parts);
}

/** Writes the model to `path` (through a temporary file, so a reader never sees half of it). */
export async function writeTestModel(path: string, options: TestModelOptions = {}): Promise<void> {
  const partial = `${path}.partial`;
  await writeFile(partial, buildTestModel(options));
  await rename(partial, path);
}
