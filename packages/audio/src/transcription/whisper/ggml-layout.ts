/**
 * whisper.cpp's ggml model layout, as its loader (`whisper_model_load` in whisper.cpp/src/whisper.cpp)
 * reads it and models/convert-pt-to-ggml.py writes it. Shared by the file check and the test-model writer.
 */

export const GGML_MAGIC = 0x67676d6c; // "ggml", little-endian
/** llama.cpp's container: a common wrong download. */
export const GGUF_MAGIC = 0x46554747;
/** ftype = quantisation version * 1000 + ftype proper. */
export const QNT_VERSION_FACTOR = 1000;

export interface GgmlHparams {
  nVocab: number;
  nAudioCtx: number;
  nAudioState: number;
  nAudioHead: number;
  nAudioLayer: number;
  nTextCtx: number;
  nTextState: number;
  nTextHead: number;
  nTextLayer: number;
  nMels: number;
  /** As stored, quantisation version included (q5_1 of version 2 is 2009). */
  ftype: number;
}

/** The order the loader reads them in, each an int32. */
export const HPARAM_ORDER: readonly (keyof GgmlHparams)[] = [
  'nVocab',
  'nAudioCtx',
  'nAudioState',
  'nAudioHead',
  'nAudioLayer',
  'nTextCtx',
  'nTextState',
  'nTextHead',
  'nTextLayer',
  'nMels',
  'ftype',
];

/** A ggml tensor type: bytes per block of `block` elements. */
export interface GgmlType {
  id: number;
  name: string;
  block: number;
  bytes: number;
}

/** The tensor types a whisper.cpp model is stored in (f32/f16 from the converter, the rest from its quantize tool). */
export const GGML_TYPES: readonly GgmlType[] = [
  { id: 0, name: 'f32', block: 1, bytes: 4 },
  { id: 1, name: 'f16', block: 1, bytes: 2 },
  { id: 2, name: 'q4_0', block: 32, bytes: 18 },
  { id: 3, name: 'q4_1', block: 32, bytes: 20 },
  { id: 6, name: 'q5_0', block: 32, bytes: 22 },
  { id: 7, name: 'q5_1', block: 32, bytes: 24 },
  { id: 8, name: 'q8_0', block: 32, bytes: 34 },
  { id: 10, name: 'q2_k', block: 256, bytes: 84 },
  { id: 11, name: 'q3_k', block: 256, bytes: 110 },
  { id: 12, name: 'q4_k', block: 256, bytes: 144 },
  { id: 13, name: 'q5_k', block: 256, bytes: 176 },
  { id: 14, name: 'q6_k', block: 256, bytes: 210 },
  { id: 30, name: 'bf16', block: 1, bytes: 2 },
];

/** ggml's `ggml_ftype_to_ggml_type` for the file types above (the weight type of the big matrices). */
const FTYPE_TO_TYPE: ReadonlyMap<number, number> = new Map([
  [0, 0],
  [1, 1],
  [2, 2],
  [3, 3],
  [4, 3],
  [7, 8],
  [8, 6],
  [9, 7],
  [10, 10],
  [11, 11],
  [12, 12],
  [13, 13],
  [14, 14],
  [24, 30],
]);

export function ggmlType(id: number): GgmlType | undefined {
  return GGML_TYPES.find((type) => type.id === id);
}

/** The weight type for a stored ftype (quantisation version stripped), or undefined when whisper.cpp has none. */
export function weightTypeOf(ftype: number): GgmlType | undefined {
  const id = FTYPE_TO_TYPE.get(ftype % QNT_VERSION_FACTOR);
  return id === undefined ? undefined : ggmlType(id);
}

export function tensorBytes(type: GgmlType, elements: number): number {
  return (elements / type.block) * type.bytes;
}

/** One tensor the loader creates: its name, its shape in ggml order (ne0 first), its type. */
export interface ExpectedTensor {
  name: string;
  shape: readonly number[];
  type: GgmlType;
}

const F32 = ggmlType(0) as GgmlType;
const F16 = ggmlType(1) as GgmlType;

/**
 * Every tensor `whisper_model_load` creates, in the converter's order, with the shape the converter
 * writes (conv biases as [1, n_state], as the loader declares them) and the type the loader reads.
 */
export function expectedTensors(hparams: GgmlHparams, weight: GgmlType): ExpectedTensor[] {
  const conv = weight.id === F32.id ? F32 : F16;
  const a = hparams.nAudioState;
  const t = hparams.nTextState;
  const tensors: ExpectedTensor[] = [];
  const add = (name: string, shape: number[], type: GgmlType = F32) => tensors.push({ name, shape, type });
  const block = (prefix: string, n: number, attention: readonly string[]) => {
    for (const part of attention) {
      add(`${prefix}.${part}.query.weight`, [n, n], weight);
      add(`${prefix}.${part}.query.bias`, [n]);
      add(`${prefix}.${part}.key.weight`, [n, n], weight);
      add(`${prefix}.${part}.value.weight`, [n, n], weight);
      add(`${prefix}.${part}.value.bias`, [n]);
      add(`${prefix}.${part}.out.weight`, [n, n], weight);
      add(`${prefix}.${part}.out.bias`, [n]);
      add(`${prefix}.${part}_ln.weight`, [n]);
      add(`${prefix}.${part}_ln.bias`, [n]);
    }
    add(`${prefix}.mlp.0.weight`, [n, 4 * n], weight);
    add(`${prefix}.mlp.0.bias`, [4 * n]);
    add(`${prefix}.mlp.2.weight`, [4 * n, n], weight);
    add(`${prefix}.mlp.2.bias`, [n]);
    add(`${prefix}.mlp_ln.weight`, [n]);
    add(`${prefix}.mlp_ln.bias`, [n]);
  };
  add('encoder.positional_embedding', [a, hparams.nAudioCtx]);
  add('encoder.conv1.weight', [3, hparams.nMels, a], conv);
  add('encoder.conv1.bias', [1, a]);
  add('encoder.conv2.weight', [3, a, a], conv);
  add('encoder.conv2.bias', [1, a]);
  for (let i = 0; i < hparams.nAudioLayer; i++) block(`encoder.blocks.${i}`, a, ['attn']);
  add('encoder.ln_post.weight', [a]);
  add('encoder.ln_post.bias', [a]);
  add('decoder.positional_embedding', [t, hparams.nTextCtx]);
  add('decoder.token_embedding.weight', [t, hparams.nVocab], weight);
  for (let i = 0; i < hparams.nTextLayer; i++) block(`decoder.blocks.${i}`, t, ['attn', 'cross_attn']);
  add('decoder.ln.weight', [t]);
  add('decoder.ln.bias', [t]);
  return tensors;
}

export function elementsOf(shape: readonly number[]): number {
  return shape.reduce((product, n) => product * n, 1);
}

/** Bytes one tensor takes in the file: n_dims, name length, type, the dims, the name, the data. */
export function tensorRecordBytes(tensor: ExpectedTensor): number {
  return 12 + 4 * tensor.shape.length + Buffer.byteLength(tensor.name) + tensorBytes(tensor.type, elementsOf(tensor.shape));
}

/** whisper.cpp's model type names, from the encoder's depth (`g_model_name`). */
export function modelTypeName(nAudioLayer: number): 'tiny' | 'base' | 'small' | 'medium' | 'large' | 'unknown' {
  switch (nAudioLayer) {
    case 4:
      return 'tiny';
    case 6:
      return 'base';
    case 12:
      return 'small';
    case 24:
      return 'medium';
    case 32:
      return 'large';
    default:
      return 'unknown';
  }
}

/** The English-only models have 51864 tokens; whisper.cpp counts 51865 and more as multilingual. */
export const ENGLISH_ONLY_VOCAB = 51864;
