import { open, stat, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  ENGLISH_ONLY_VOCAB,
  GGML_MAGIC,
  GGUF_MAGIC,
  HPARAM_ORDER,
  QNT_VERSION_FACTOR,
  elementsOf,
  expectedTensors,
  ggmlType,
  modelTypeName,
  tensorBytes,
  tensorRecordBytes,
  weightTypeOf,
  type ExpectedTensor,
  type GgmlHparams,
} from './ggml-layout.ts';

export type { GgmlHparams } from './ggml-layout.ts';

/** Why a file cannot be used: absent, another format, inconsistent inside, cut short, or a type whisper.cpp lacks. */
export type ModelFileProblem = 'missing' | 'not-ggml' | 'corrupt' | 'truncated' | 'unsupported';

/** A model file whisper.cpp would refuse or crash on; the message is meant for the person who placed it. */
export class ModelFileError extends Error {
  readonly problem: ModelFileProblem;
  readonly path: string;
  constructor(problem: ModelFileProblem, path: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ModelFileError';
    this.problem = problem;
    this.path = path;
  }
}

export interface GgmlModelInfo {
  path: string;
  hparams: GgmlHparams;
  /** whisper.cpp's name for the model size, from the encoder depth. */
  type: ReturnType<typeof modelTypeName>;
  englishOnly: boolean;
  /** The file type without its quantisation version: 0 f32, 1 f16, 7 q8_0, 9 q5_1… */
  ftype: number;
  /** 'f16', 'q5_1'…: the type of the big weight matrices. */
  weightType: string;
  quantizationVersion: number;
  /** Vocabulary entries stored in the file (whisper.cpp adds the special tokens after them). */
  vocabEntries: number;
  tensorCount: number;
  /** Bytes the header promises, all tensors included. */
  expectedSize: number;
  /** Bytes on disk. */
  size: number;
}

/** Reads a file front to back through a window, so a 3 GB model costs a few reads and no memory. */
class FileCursor {
  private window = Buffer.alloc(0);
  private windowStart = 0;
  position = 0;
  private readonly handle: FileHandle;
  readonly size: number;
  private readonly onShort: (needed: number) => never;
  constructor(handle: FileHandle, size: number, onShort: (needed: number) => never) {
    this.handle = handle;
    this.size = size;
    this.onShort = onShort;
  }

  get remaining(): number {
    return this.size - this.position;
  }

  async bytes(n: number): Promise<Buffer> {
    if (n > this.remaining) this.onShort(this.position + n);
    const offset = this.position - this.windowStart;
    if (offset < 0 || offset + n > this.window.length) {
      // Reading on from the window (the vocabulary) takes big bites; a jump over tensor data small ones.
      const sequential = this.position === this.windowStart + this.window.length;
      const length = Math.min(Math.max(n, sequential ? 1 << 16 : 1 << 12), this.remaining);
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await this.handle.read(buffer, 0, length, this.position);
      if (bytesRead < n) this.onShort(this.position + n);
      this.window = buffer.subarray(0, bytesRead);
      this.windowStart = this.position;
    }
    const start = this.position - this.windowStart;
    this.position += n;
    return this.window.subarray(start, start + n);
  }

  async int32(): Promise<number> {
    return (await this.bytes(4)).readInt32LE(0);
  }

  async uint32(): Promise<number> {
    return (await this.bytes(4)).readUInt32LE(0);
  }

  skip(n: number): void {
    if (n > this.remaining) this.onShort(this.position + n);
    this.position += n;
  }
}

const LIMITS = {
  /** Far above any whisper model, far below what a random int32 usually gives: catches garbage early. */
  dimension: 1 << 20,
  melFilterValues: 1 << 22,
  vocabEntries: 1 << 20,
  tokenBytes: 1 << 12,
  tensorName: 1 << 10,
};

/** The failures of one file, each with its message; knows how much the file should hold so far. */
class Complaints {
  readonly path: string;
  readonly name: string;
  size = 0;
  /** Bytes of the tensors, once the hyperparameters are known. */
  tensorsBytes: number | null = null;
  /** The whole file's size, once the vocabulary is read. */
  expectedSize: number | null = null;
  constructor(path: string) {
    this.path = path;
    this.name = basename(path);
  }

  fail(problem: ModelFileProblem, message: string, cause?: unknown): never {
    throw new ModelFileError(problem, this.path, message, cause === undefined ? undefined : { cause });
  }

  notGgml(why: string): never {
    return this.fail('not-ggml', `Not a whisper.cpp ggml model file: ${this.name} ${why}`);
  }

  corrupt(what: string): never {
    return this.fail('corrupt', `The model file ${this.name} is corrupt: ${what}`);
  }

  /** The file ends before byte `needed`: exact total once known, a lower bound before. */
  truncated(needed: number): never {
    if (this.tensorsBytes === null) return this.notGgml(`is only ${this.size} bytes long`);
    const expected = this.expectedSize === null ? `at least ${needed + this.tensorsBytes}` : `${this.expectedSize}`;
    return this.fail(
      'truncated',
      `The model file ${this.name} is truncated: ${this.size} bytes of ${expected} expected (an interrupted download?)`,
    );
  }
}

async function openModel(complaints: Complaints): Promise<FileHandle> {
  const { path } = complaints;
  const info = await stat(path).catch((error: unknown) =>
    complaints.fail('missing', `The model file ${path} does not exist or cannot be read`, error),
  );
  if (!info.isFile()) complaints.fail('missing', `The model path ${path} is not a file`);
  complaints.size = info.size;
  return open(path, 'r').catch((error: unknown) => complaints.fail('missing', `The model file ${path} cannot be opened`, error));
}

/** Magic and hyperparameters, checked as far as the loader relies on them. */
async function readHparams(cursor: FileCursor, complaints: Complaints): Promise<GgmlHparams> {
  const magic = cursor.size >= 4 ? await cursor.uint32() : complaints.truncated(4);
  if (magic === GGUF_MAGIC) complaints.notGgml("is a GGUF file (llama.cpp's format)");
  if (magic !== GGML_MAGIC) complaints.notGgml('does not start with the ggml magic number');
  const hparams = {} as GgmlHparams;
  for (const key of HPARAM_ORDER) hparams[key] = await cursor.int32();
  for (const key of HPARAM_ORDER) {
    const value = hparams[key];
    if (key !== 'ftype' && (value <= 0 || value > LIMITS.dimension)) complaints.corrupt(`hyperparameter ${key} is ${value}`);
  }
  if (hparams.nTextState !== hparams.nAudioState)
    complaints.corrupt(`the text width (${hparams.nTextState}) differs from the audio width (${hparams.nAudioState})`);
  if (hparams.nAudioState % hparams.nAudioHead !== 0 || hparams.nTextState % hparams.nTextHead !== 0)
    complaints.corrupt('the attention heads do not divide the model width');
  if (hparams.ftype < 0) complaints.corrupt(`file type ${hparams.ftype}`);
  return hparams;
}

/** Skips the mel filter bank and the vocabulary; returns the vocabulary's entry count. */
async function skipFiltersAndVocabulary(cursor: FileCursor, complaints: Complaints): Promise<number> {
  const nMel = await cursor.int32();
  const nFft = await cursor.int32();
  if (nMel <= 0 || nFft <= 0 || nMel * nFft > LIMITS.melFilterValues) complaints.corrupt(`mel filter bank of ${nMel} x ${nFft}`);
  cursor.skip(nMel * nFft * 4);
  const entries = await cursor.int32();
  if (entries < 0 || entries > LIMITS.vocabEntries) complaints.corrupt(`vocabulary of ${entries} entries`);
  for (let i = 0; i < entries; i++) {
    const length = await cursor.uint32();
    if (length > LIMITS.tokenBytes) complaints.corrupt(`vocabulary entry ${i} is ${length} bytes long`);
    cursor.skip(length);
  }
  return entries;
}

/**
 * Reads a whisper.cpp ggml model's header and walks every tensor header, as `whisper_model_load`
 * does but without loading the weights: magic, hyperparameters, mel filters, vocabulary, then each
 * tensor's name, shape and type against what the loader expects, and whether the file holds all its
 * data. Throws ModelFileError with a readable message for anything whisper.cpp would refuse or crash on.
 */
export async function readGgmlModelHeader(path: string): Promise<GgmlModelInfo> {
  const complaints: Complaints = new Complaints(path);
  const handle = await openModel(complaints);
  try {
    const cursor = new FileCursor(handle, complaints.size, (needed) => complaints.truncated(needed));
    const hparams = await readHparams(cursor, complaints);
    const weight = weightTypeOf(hparams.ftype);
    if (!weight)
      complaints.fail(
        'unsupported',
        `The model file ${complaints.name} uses file type ${hparams.ftype % QNT_VERSION_FACTOR}, which whisper.cpp cannot load`,
      );
    const tensors = expectedTensors(hparams, weight);
    complaints.tensorsBytes = tensors.reduce((sum, tensor) => sum + tensorRecordBytes(tensor), 0);
    const vocabEntries = await skipFiltersAndVocabulary(cursor, complaints);
    const expectedSize = cursor.position + complaints.tensorsBytes;
    complaints.expectedSize = expectedSize;
    // whisper.cpp's for-tests models end right after the vocabulary; its loader accepts them empty.
    if (cursor.remaining === 0) complaints.fail('corrupt', `The model file ${complaints.name} holds no weights (an empty test model?)`);
    const missing = await walkTensors(cursor, tensors, (what) => complaints.corrupt(what));
    // A file cut on a tensor boundary reads as missing tensors: say truncated, as it is.
    if (missing.length > 0 && complaints.size < expectedSize) complaints.truncated(expectedSize);
    if (missing.length > 0) complaints.corrupt(`${missing.length} of ${tensors.length} tensors are missing (first: '${missing[0]?.name}')`);
    return {
      path,
      hparams,
      type: modelTypeName(hparams.nAudioLayer),
      englishOnly: hparams.nVocab === ENGLISH_ONLY_VOCAB,
      ftype: hparams.ftype % QNT_VERSION_FACTOR,
      weightType: weight.name,
      quantizationVersion: Math.floor(hparams.ftype / QNT_VERSION_FACTOR),
      vocabEntries,
      tensorCount: tensors.length,
      expectedSize,
      size: complaints.size,
    };
  } finally {
    await handle.close();
  }
}

/** Each tensor at most once, with the loader's shape and type, its data inside the file; returns those absent. */
async function walkTensors(
  cursor: FileCursor,
  expected: readonly ExpectedTensor[],
  corrupt: (what: string) => never,
): Promise<ExpectedTensor[]> {
  const byName = new Map(expected.map((tensor) => [tensor.name, tensor]));
  const seen = new Set<string>();
  // The loader stops at end of file when a tensor header cannot be read whole.
  while (cursor.remaining >= 12) {
    const nDims = await cursor.int32();
    const nameLength = await cursor.int32();
    const typeId = await cursor.int32();
    if (nDims < 0 || nDims > 4) corrupt(`a tensor has ${nDims} dimensions`);
    if (nameLength <= 0 || nameLength > LIMITS.tensorName) corrupt(`a tensor name is ${nameLength} bytes long`);
    const shape: number[] = [];
    for (let i = 0; i < nDims; i++) shape.push(await cursor.int32());
    const tensorName = (await cursor.bytes(nameLength)).toString('utf8');
    const want = byName.get(tensorName);
    if (!want) corrupt(`unknown tensor '${tensorName}'`);
    if (seen.has(tensorName)) corrupt(`tensor '${tensorName}' appears twice`);
    seen.add(tensorName);
    const padded = (dims: readonly number[]) => [0, 1, 2].map((i) => dims[i] ?? 1);
    const [got, need] = [padded(shape), padded(want.shape)];
    if (elementsOf(shape) !== elementsOf(want.shape) || got.some((n, i) => n !== need[i]))
      corrupt(`tensor '${tensorName}' has shape [${shape.join(', ')}] where [${want.shape.join(', ')}] is expected`);
    const type = ggmlType(typeId);
    if (!type || tensorBytes(type, elementsOf(shape)) !== tensorBytes(want.type, elementsOf(want.shape)))
      corrupt(`tensor '${tensorName}' is stored as ${type?.name ?? `type ${typeId}`} where ${want.type.name} is expected`);
    cursor.skip(tensorBytes(want.type, elementsOf(want.shape)));
  }
  return expected.filter((tensor) => !seen.has(tensor.name));
}
