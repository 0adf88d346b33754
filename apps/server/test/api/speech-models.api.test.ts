/**
 * GET/POST/DELETE /api/admin/speech and their tRPC twins through the real HTTP stack (issue 32): the
 * state with downloads off (the test default) and no request to the download host, a name outside the
 * catalogue a 422, a switch whose download is not the pinned file refused with the partial file
 * removed (the product's own catalogue: the host serves 300 kB where 77 MB are pinned), the active model kept from deletion, and a
 * creator refused like every admin route.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { MESSAGES, SPEECH_MODEL_MESSAGES, ZAdminSpeechStatus } from '@ppp/contracts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { errorOf, twoUsers, type TestServer } from '../support/http.ts';
import { tempDir } from '../support/index.ts';
import { startModelServer, type ModelServer } from '../support/model-server.ts';

let orm: MikroORM;
let api: TestServer;
let host: ModelServer;
let admin: { token: string };
let creator: { token: string };
const models = tempDir('ppp-speech-api');

beforeAll(async () => {
  host = await startModelServer();
  host.files.set('ggml-tiny.en.bin', Buffer.alloc(300_000, 1));
  ({ orm, api } = await startApiBed({ MODELS_DIR: models.dir, WHISPER_MODEL_BASE_URL: host.url }));
  ({ admin, user: creator } = await twoUsers(api));
}, 60_000);
afterAll(async () => {
  await closeApiBed({ api, orm });
  await host.close();
  models.remove();
});

async function status() {
  const res = await api.request('GET', '/api/admin/speech', { token: admin.token });
  expect(res.status, res.text).toBe(200);
  return ZAdminSpeechStatus.parse(res.body);
}

describe('/api/admin/speech', () => {
  it('says pocketsphinx is the offline fallback while downloads are off, and asks the download host nothing', async () => {
    const state = await status();
    expect(state).toMatchObject({
      engine: { name: 'pocketsphinx', model: 'en-us', fallback: true, reason: SPEECH_MODEL_MESSAGES.autoDownloadOff },
      active_model: 'base.en',
      auto_download: false,
      models_dir: models.dir,
      override_path: null,
    });
    expect(state.models.map((m) => m.name)).toEqual(['tiny.en', 'tiny', 'base.en', 'base', 'small.en', 'small', 'base.en-q5_1']);
    expect(state.models.find((m) => m.name === 'base.en')).toMatchObject({
      state: 'absent',
      active: true,
      size_bytes: 147_964_211,
      on_disk_bytes: null,
    });
    expect(await api.trpc(admin.token).adminSpeech.status.query({})).toEqual(state);
    expect(host.requests).toEqual([]);
  });

  it('answers 422 for a model outside the catalogue, over REST and tRPC', async () => {
    const res = await api.request('POST', '/api/admin/speech/model', { token: admin.token, json: { name: 'huge.en' } });
    expect(errorOf(res)).toMatchObject({ status: 422, detail: SPEECH_MODEL_MESSAGES.unknownModel('huge.en') });
    await expect(api.trpc(admin.token).adminSpeech.switchModel.mutate({ name: 'huge.en' })).rejects.toMatchObject({
      data: { httpStatus: 422 },
    });
  });

  it('refuses a switch whose download is not the pinned file, removes the partial file and keeps the active model', async () => {
    const res = await api.request('POST', '/api/admin/speech/model', { token: admin.token, json: { name: 'tiny.en' } });
    expect(res.status, res.text).toBe(200);
    let tiny = (await status()).models.find((m) => m.name === 'tiny.en');
    for (let i = 0; i < 300 && tiny?.state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      tiny = (await status()).models.find((m) => m.name === 'tiny.en');
    }
    expect(tiny).toMatchObject({ state: 'failed', active: false, on_disk_bytes: null });
    expect(tiny?.error).toBe(SPEECH_MODEL_MESSAGES.downloadSize('tiny.en', 77_704_715, 300_000));
    expect(readdirSync(models.dir)).toEqual([]);
    expect(host.requests.map((r) => r.path)).toEqual(['ggml-tiny.en.bin']);
    expect((await status()).active_model).toBe('base.en');
  });

  it('keeps the active model from deletion', async () => {
    const res = await api.request('DELETE', '/api/admin/speech/model/base.en', { token: admin.token });
    expect(errorOf(res)).toMatchObject({ status: 409, detail: SPEECH_MODEL_MESSAGES.deleteActive });
  });

  it('refuses a creator like every admin route', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/admin/speech', undefined],
      ['POST', '/api/admin/speech/model', { name: 'tiny.en' }],
      ['DELETE', '/api/admin/speech/model/tiny.en', undefined],
      ['POST', '/api/admin/speech/measure', {}],
    ] as const) {
      const res = await api.request(method, path, { token: creator.token, json: body });
      expect(errorOf(res), `${method} ${path}`).toMatchObject({ status: 403, detail: MESSAGES.adminAccessDenied });
    }
    await expect(api.trpc(creator.token).adminSpeech.status.query({})).rejects.toMatchObject({ data: { httpStatus: 403 } });
  });
});
