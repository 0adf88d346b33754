import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedTensors, weightTypeOf } from '../../src/transcription/whisper/ggml-layout.ts';
import { ModelFileError, readGgmlModelHeader } from '../../src/transcription/whisper/model-file.ts';
import { buildTestModel, testModelHparams, type TestModelOptions } from '../../src/transcription/whisper/test-model.ts';

/** Small models: width 8, a vocabulary of 300, so each file is a few kilobytes to a few hundred. */
const SMALL: TestModelOptions = { width: 8, vocab: 300, heads: 2 };

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ggml-header-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, bytes: Buffer | string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

async function refusal(path: string): Promise<ModelFileError> {
  const error: unknown = await readGgmlModelHeader(path).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelFileError);
  return error as ModelFileError;
}

/** Offset where the tensors start: magic, 11 hparams, mel filter bank, vocabulary. */
function tensorsStart(model: Buffer): number {
  let at = 4 + 44;
  const nMel = model.readInt32LE(at);
  const nFft = model.readInt32LE(at + 4);
  at += 8 + nMel * nFft * 4;
  const entries = model.readInt32LE(at);
  at += 4;
  for (let i = 0; i < entries; i++) at += 4 + model.readUInt32LE(at);
  return at;
}

describe('readGgmlModelHeader', () => {
  it('reads the hyperparameters, names the model type and checks every tensor', async () => {
    const model = buildTestModel({ ...SMALL, layers: 4 });
    const info = await readGgmlModelHeader(await file('ggml-tiny-like.bin', model));
    expect(info.hparams).toEqual(testModelHparams({ ...SMALL, layers: 4 }));
    expect(info.type).toBe('tiny');
    expect(info.englishOnly).toBe(false);
    expect(info.ftype).toBe(1);
    expect(info.weightType).toBe('f16');
    expect(info.vocabEntries).toBe(300);
    expect(info.tensorCount).toBe(7 + 15 * 4 + 4 + 24 * 4);
    expect(info.size).toBe(model.length);
    expect(info.expectedSize).toBe(model.length);
  });

  it('knows an English-only model by its 51864 tokens and a base model by its 6 encoder layers', async () => {
    const info = await readGgmlModelHeader(
      await file('ggml-base.en-like.bin', buildTestModel({ width: 8, layers: 6, vocab: 51864, ftype: 'f32' })),
    );
    expect(info.type).toBe('base');
    expect(info.englishOnly).toBe(true);
    expect(info.weightType).toBe('f32');
    expect(info.vocabEntries).toBe(50256);
  });

  it('refuses a file cut inside a tensor, on a tensor boundary or inside the vocabulary, saying how much is missing', async () => {
    const model = buildTestModel(SMALL);
    for (const cut of [model.length - 3, model.length - 4 * 8, tensorsStart(model) + 40, 1000]) {
      const error = await refusal(await file(`cut-${cut}.bin`, model.subarray(0, cut)));
      expect(error.problem).toBe('truncated');
      expect(error.message).toMatch(new RegExp(`The model file cut-${cut}\\.bin is truncated: ${cut} bytes of (at least )?\\d+ expected`));
    }
    const atBoundary = await refusal(
      await file('boundary.bin', model.subarray(0, model.length - 2 * 4 - 12 - 'decoder.ln.bias'.length - 4)),
    );
    expect(atBoundary.message).toContain(`bytes of ${model.length} expected`);
  });

  it('refuses garbage, a GGUF file, an empty file and a missing one', async () => {
    const garbage = Buffer.alloc(4096, 0x5a);
    expect((await refusal(await file('garbage.bin', garbage))).message).toBe(
      'Not a whisper.cpp ggml model file: garbage.bin does not start with the ggml magic number',
    );
    const gguf = Buffer.concat([Buffer.from('GGUF'), Buffer.alloc(100)]);
    const ggufError = await refusal(await file('model.gguf', gguf));
    expect(ggufError.problem).toBe('not-ggml');
    expect(ggufError.message).toContain('GGUF');
    expect((await refusal(await file('empty.bin', ''))).problem).toBe('not-ggml');
    expect((await refusal(await file('html.bin', '<html>404 Not Found</html>'))).problem).toBe('not-ggml');
    const missing = await refusal(join(dir, 'nowhere.bin'));
    expect(missing.problem).toBe('missing');
    expect(missing.message).toContain('does not exist');
  });

  it('refuses inconsistent hyperparameters, an unknown file type and a tensor of the wrong shape', async () => {
    const model = buildTestModel(SMALL);
    const zeroLayers = Buffer.from(model);
    zeroLayers.writeInt32LE(0, 4 + 4 * 4);
    expect((await refusal(await file('zero-layers.bin', zeroLayers))).message).toContain('nAudioLayer is 0');

    const badFtype = Buffer.from(model);
    badFtype.writeInt32LE(5, 4 + 10 * 4);
    const ftypeError = await refusal(await file('ftype.bin', badFtype));
    expect(ftypeError.problem).toBe('unsupported');
    expect(ftypeError.message).toContain('file type 5');

    // The first tensor (encoder.positional_embedding, [width, n_audio_ctx]) claims another width.
    const wrongShape = Buffer.from(model);
    wrongShape.writeInt32LE(9, tensorsStart(model) + 12);
    const shapeError = await refusal(await file('shape.bin', wrongShape));
    expect(shapeError.problem).toBe('corrupt');
    expect(shapeError.message).toContain("tensor 'encoder.positional_embedding' has shape [9, 1500] where [8, 1500] is expected");

    const renamed = Buffer.from(model);
    renamed.write('X', tensorsStart(model) + 12 + 8);
    expect((await refusal(await file('renamed.bin', renamed))).message).toContain("unknown tensor 'Xncoder.positional_embedding'");
  });

  it('refuses a model with no weights, as whisper.cpp keeps for its own tests', async () => {
    const model = buildTestModel(SMALL);
    const error = await refusal(await file('for-tests.bin', model.subarray(0, tensorsStart(model))));
    expect(error.problem).toBe('corrupt');
    expect(error.message).toContain('holds no weights');
  });

  it('knows the quantised file types whisper.cpp writes, their version aside', () => {
    expect(weightTypeOf(2009)?.name).toBe('q5_1');
    expect(weightTypeOf(1007)?.name).toBe('q8_0');
    expect(weightTypeOf(5)).toBeUndefined();
    const names = expectedTensors(testModelHparams(), weightTypeOf(1) ?? expect.fail()).map((t) => t.name);
    expect(names).toContain('decoder.blocks.0.cross_attn.key.weight');
    expect(names).toContain('encoder.conv2.bias');
    expect(new Set(names).size).toBe(names.length);
  });
});
