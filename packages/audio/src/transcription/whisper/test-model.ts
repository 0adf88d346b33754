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
 * A tiny whisper.cpp model for tests and benchmarks that need the real binding to load and decode
 * in seconds, written in the exact layout of models/convert-pt-to-ggml.py. Its weights are random
 * (seeded) except where a decoder that "says" a fixed line is planted: the residual branches of the
 * decoder are zero, so its output at each position is its positional embedding, which points at the
 * token to say next. The encoder runs but is not listened to; the words do not depend on the audio.
 */
export interface TestModelOptions {
  /** Width of encoder and decoder (whisper tiny has 384). */
  width?: number;
  layers?: number;
  heads?: number;
  /** 51864 makes it an English-only model, as ggml-tiny.en.bin; only those say their line. */
  vocab?: number;
  ftype?: 'f32' | 'f16';
  seed?: number;
  /** The tokens the decoder says, in one segment from 0 s to `saysUntil`; leading spaces start words. */
  says?: readonly string[];
  /** Seconds; a clip no longer than this is decoded in one window. */
  saysUntil?: number;
}

export const TEST_MODEL_SAYS: readonly string[] = [' Hello', ' from', ' a', ' ti', 'ny', ' model', '.'];

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
function vocabulary(count: number, says: readonly string[]): Buffer[] {
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
  return [...byteTokens, ...says.map((token) => Buffer.from(token, 'utf8')), ...words.slice(says.length)].slice(0, count);
}

const END_OF_TEXT = 50256;
const FIRST_TIMESTAMP = 50363;
/** whisper's timestamp tokens step by 30 s over 1500 audio positions. */
const TIMESTAMP_STEP = 0.02;
/** How far the planted direction outweighs the token read in at that position. */
const PLANTED_GAIN = 4;

/** The planted line as token ids, one per decoder position after <|startoftranscript|>. */
function plantedTargets(options: TestModelOptions, hparams: GgmlHparams): number[] {
  if (hparams.nVocab !== ENGLISH_ONLY_VOCAB) return [];
  const says = options.says ?? TEST_MODEL_SAYS;
  const until = FIRST_TIMESTAMP + Math.round((options.saysUntil ?? 3) / TIMESTAMP_STEP);
  return [FIRST_TIMESTAMP, ...says.map((_, i) => 256 + i), until, END_OF_TEXT];
}

/** Zero: the decoder's attention, cross-attention and MLP add nothing to the residual stream. */
const SILENT = /^decoder\.blocks\.\d+\.(attn|cross_attn)\.out\.|^decoder\.blocks\.\d+\.mlp\.2\./;
const NORM = /_ln\.weight$|ln_post\.weight$|decoder\.ln\.weight$/;

interface Planting {
  targets: readonly number[];
  /** The token embedding, drawn first from its own seed so the positional one can point at its rows. */
  tokenRows: Float32Array;
}

function planting(options: TestModelOptions, hparams: GgmlHparams): Planting {
  const targets = plantedTargets(options, hparams);
  const next = random((options.seed ?? 1) + 1);
  // The planted decoder needs wide token rows for confident logits; a random one keeps them small.
  const spread = targets.length > 0 ? 2 : 0.2;
  const tokenRows = new Float32Array(hparams.nTextState * hparams.nVocab).map(() => (next() - 0.5) * spread);
  return { targets, tokenRows };
}

function tensorValues(tensor: ExpectedTensor, next: () => number, plan: Planting): Float32Array {
  const count = elementsOf(tensor.shape);
  const planted = plan.targets.length > 0;
  if (tensor.name === 'decoder.token_embedding.weight') return plan.tokenRows;
  if (planted && SILENT.test(tensor.name)) return new Float32Array(count);
  const values = new Float32Array(count).map(() => (NORM.test(tensor.name) ? 1 : (next() - 0.5) * 0.2));
  if (planted && tensor.name === 'decoder.positional_embedding') {
    const width = tensor.shape[0] ?? 0;
    plan.targets.forEach((token, position) => {
      const row = plan.tokenRows.subarray(token * width, (token + 1) * width);
      values.set(
        row.map((v) => v * PLANTED_GAIN),
        position * width,
      );
    });
  }
  return values;
}

function tensorData(tensor: ExpectedTensor, next: () => number, plan: Planting): Buffer {
  const values = tensorValues(tensor, next, plan);
  const stored = tensor.type.name === 'f16' ? Float16Array.from(values) : values;
  return Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
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
  const plan = planting(options, hparams);
  const tokens = vocabulary(Math.min(STORED_VOCAB, hparams.nVocab), plan.targets.length > 0 ? (options.says ?? TEST_MODEL_SAYS) : []);
  parts.push(int32s([tokens.length]));
  for (const token of tokens) parts.push(int32s([token.length]), token);
  for (const tensor of expectedTensors(hparams, weight)) {
    const name = Buffer.from(tensor.name, 'utf8');
    parts.push(int32s([tensor.shape.length, name.length, tensor.type.id, ...tensor.shape]), name, tensorData(tensor, next, plan));
  }
  return Buffer.concat(parts);
}

/** Writes the model to `path` (through a temporary file, so a reader never sees half of it). */
export async function writeTestModel(path: string, options: TestModelOptions = {}): Promise<void> {
  const partial = `${path}.partial`;
  await writeFile(partial, buildTestModel(options));
  await rename(partial, path);
}
