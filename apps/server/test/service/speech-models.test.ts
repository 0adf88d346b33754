/**
 * The speech model manager against a local download host (issue 32, item 7): a small ggml model of
 * the test's own making whose digest the test pins in a catalogue of its own (production verification
 * unchanged), on a real PostgreSQL. Resume after a cut connection, a digest mismatch refused with the
 * partial file removed, concurrent starts downloading once, a full disk refused clearly, no request
 * at all with WHISPER_AUTO_DOWNLOAD=false, and a hand-placed file checked.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { buildTestModel } from '@ppp/audio';
import { SPEECH_MODEL_MESSAGES, type TSpeechModelName } from '@ppp/contracts';
import { withAdvisoryLock } from '../../src/db/advisory-lock.ts';
import { CATALOGUE, type Catalogue } from '../../src/domain/speech-models/catalogue.ts';
import { defaultDownloadIo, type DownloadIo } from '../../src/domain/speech-models/downloader.ts';
import { createSpeechModelServices } from '../../src/domain/speech-models/speech-models-services.ts';
import { openTestOrm, tempDir, testConfig } from '../support/index.ts';
import { startModelServer, type ModelServer } from '../support/model-server.ts';

let orm: MikroORM;
let databaseUrl: string;
let host: ModelServer;
const files = tempDir('ppp-speech-models');
/** A 1.5 MB ggml model whisper.cpp's header check accepts. */
const model = buildTestModel({ width: 8, layers: 1, heads: 1 });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  ({ orm, databaseUrl } = await openTestOrm());
  host = await startModelServer();
  for (const name of ['tiny.en', 'tiny', 'base.en', 'base', 'small.en', 'small']) host.files.set(`ggml-${name}.bin`, model);
}, 60_000);
afterAll(async () => {
  await host.close();
  await orm.close();
  files.remove();
});

/** The product's catalogue with `name` pinned to the test model (or to other bytes' digest). */
function catalogueFor(name: TSpeechModelName, pinned: Buffer = model): Catalogue {
  return {
    ...CATALOGUE,
    [name]: { ...CATALOGUE[name], sizeBytes: pinned.length, digest: { algorithm: 'sha256', digest: sha256(pinned) } },
  };
}

/** A manager on its own MODELS_DIR with `name` as WHISPER_MODEL. */
function manager(
  name: TSpeechModelName,
  options: { env?: Record<string, string>; catalogue?: Catalogue; io?: DownloadIo; dir?: string } = {},
) {
  const dir = options.dir ?? path.join(files.dir, `${name}-${Math.random().toString(36).slice(2)}`);
  const config = testConfig(databaseUrl, {
    MODELS_DIR: dir,
    WHISPER_MODEL: name,
    WHISPER_MODEL_BASE_URL: host.url,
    WHISPER_AUTO_DOWNLOAD: 'true',
    ...options.env,
  });
  const { speechModels } = createSpeechModelServices(orm.em.fork(), config, {
    catalogue: options.catalogue ?? catalogueFor(name),
    io: options.io,
    retryDelayMs: 10,
  });
  return { speechModels, dir, file: path.join(dir, `ggml-${name}.bin`) };
}

const getsFor = (name: string) => host.requests.filter((r) => r.path === `ggml-${name}.bin`);
const rowOf = async (m: ReturnType<typeof manager>, name: TSpeechModelName) =>
  (await m.speechModels.status()).models.find((s) => s.name === name);

describe('speech model downloads', () => {
  it('resumes a cut download with a Range request and ends with the identical file, then the worker gets it', async () => {
    const m = manager('tiny.en');
    host.cutNext(1, Math.floor(model.length / 3));
    expect(await m.speechModels.provisionOnStart()).toBe('ready');
    const gets = getsFor('tiny.en');
    expect(gets).toHaveLength(2);
    expect(gets[0]?.range).toBeUndefined();
    // It asks for the rest from where its partial file ended (at most where the connection was cut).
    const from = Number(/^bytes=(\d+)-$/.exec(gets[1]?.range ?? '')?.[1]);
    expect(from).toBeGreaterThan(0);
    expect(from).toBeLessThanOrEqual(Math.floor(model.length / 3));
    expect(readFileSync(m.file).equals(model)).toBe(true);
    expect(readdirSync(m.dir)).toEqual(['ggml-tiny.en.bin']);
    expect(await rowOf(m, 'tiny.en')).toMatchObject({ state: 'ready', error: null, on_disk_bytes: model.length, active: true });
    expect(await m.speechModels.activeModel()).toEqual({ file: m.file, model: 'tiny.en', reason: null });
  });

  it('refuses a file whose digest is not the pinned one and removes the partial file', async () => {
    const m = manager('tiny', { catalogue: catalogueFor('tiny', Buffer.concat([model.subarray(1), Buffer.from([7])])) });
    expect(await m.speechModels.provisionOnStart()).toBe('failed');
    expect(readdirSync(m.dir)).toEqual([]);
    const row = await rowOf(m, 'tiny');
    expect(row).toMatchObject({ state: 'failed', on_disk_bytes: null });
    expect(row?.error).toContain('does not match its pinned sha256');
    expect(row?.error).toContain('the partial file was removed');
    const active = await m.speechModels.activeModel();
    expect(active).toMatchObject({ file: null, reason: row?.error });
    expect((await m.speechModels.status()).engine).toMatchObject({ name: 'pocketsphinx', fallback: true, reason: row?.error });
  });

  it('downloads once when two starts ask at the same time, and not while another node holds the download', async () => {
    const dir = path.join(files.dir, 'shared-base.en');
    const [a, b] = [manager('base.en', { dir }), manager('base.en', { dir })];
    expect(await Promise.all([a.speechModels.provisionOnStart(), b.speechModels.provisionOnStart()])).toEqual(['ready', 'ready']);
    expect(getsFor('base.en')).toHaveLength(1);

    const other = manager('base');
    const held = await withAdvisoryLock(databaseUrl, 727032, 'speech-model:base', () => other.speechModels.provisionOnStart(), 1_000);
    expect(held).toEqual({ locked: true, value: 'busy' });
    expect(getsFor('base')).toHaveLength(0);
  });

  it('refuses a full disk clearly and removes the partial file', async () => {
    const full: DownloadIo = {
      ...defaultDownloadIo,
      openWriter: () =>
        new Writable({
          write(_chunk, _encoding, callback) {
            callback(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
          },
        }),
    };
    const m = manager('small.en', { io: full });
    expect(await m.speechModels.provisionOnStart()).toBe('failed');
    expect(existsSync(m.dir) ? readdirSync(m.dir) : []).toEqual([]);
    expect((await rowOf(m, 'small.en'))?.error).toBe(SPEECH_MODEL_MESSAGES.diskFull('small.en', m.dir));
  });

  it('shows a download whose server stopped as failed, so it can be resumed or deleted', async () => {
    const m = manager('base.en-q5_1');
    const sql = (query: string) => orm.em.fork().getConnection().execute(query);
    await sql(
      `insert into speech_models (name, state, bytes_done, bytes_total, updated_at) values ('base.en-q5_1', 'downloading', 5, 10, now() - interval '1 minute')`,
    );
    expect(await rowOf(m, 'base.en-q5_1')).toMatchObject({ state: 'downloading', bytes_done: 5 });
    await sql(`update speech_models set updated_at = now() - interval '10 minutes' where name = 'base.en-q5_1'`);
    expect(await rowOf(m, 'base.en-q5_1')).toMatchObject({ state: 'failed', error: SPEECH_MODEL_MESSAGES.interrupted('base.en-q5_1') });
    expect((await m.speechModels.activeModel()).reason).toBe(SPEECH_MODEL_MESSAGES.interrupted('base.en-q5_1'));
  });

  it('makes no request with WHISPER_AUTO_DOWNLOAD=false and says downloads are off; a file placed by hand is checked', async () => {
    const before = host.requests.length;
    const m = manager('small', { env: { WHISPER_AUTO_DOWNLOAD: 'false' } });
    expect(await m.speechModels.provisionOnStart()).toBe('absent');
    const status = await m.speechModels.status();
    expect(status).toMatchObject({
      auto_download: false,
      engine: { name: 'pocketsphinx', fallback: true, reason: SPEECH_MODEL_MESSAGES.autoDownloadOff },
    });

    // Cut short by hand: refused with the reason, pocketsphinx stays the engine.
    writeFileSync(m.file, model.subarray(0, model.length - 100));
    expect(await m.speechModels.provisionOnStart()).toBe('failed');
    expect((await m.speechModels.activeModel()).reason).toBe(SPEECH_MODEL_MESSAGES.sizeMismatch('small', model.length, model.length - 100));
    // The right file: verified and used, still without a request.
    writeFileSync(m.file, model);
    expect(await m.speechModels.provisionOnStart()).toBe('ready');
    expect((await m.speechModels.activeModel()).file).toBe(m.file);
    expect(host.requests.length).toBe(before);
  });
});
