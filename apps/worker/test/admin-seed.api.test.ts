/**
 * POST /api/admin/seed through the real HTTP stack with a worker on the same database (issue 16):
 * the admin gets a demo show, a template (intro clip, content, outro clip) and a spoken upload
 * whose supplied transcript makes it ready in seconds; an episode is assembled from them at once
 * through the Episode Creator's call, and its file is as long as intro + upload + outro. A second
 * seed (REST or tRPC) makes nothing new. The demo show is the admin's own: the creator does not see it.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeAudio } from '@ppp/audio';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { DEV_TOOLS, ZSeedResult, type TAssembleEpisodeRequestInput } from '@ppp/contracts';
import { openTestOrm, tempDir, testConfig } from '@ppp/server/test-support';
import { outboxOnlyTransport } from '@ppp/server/domain';
import { startTestServer, twoUsers, type HttpResult, type TestServer } from '../../server/test/support/http.ts';
import { startWorker, type Worker } from '../src/worker.ts';

let orm: MikroORM;
let api: TestServer;
let worker: Worker | null = null;
let storage: { dir: string; remove: () => void };
const logs: string[] = [];
let admin = '';
let creator = '';

const ENV = () => ({ STORAGE_DIR: storage.dir, TTS_ENGINES: 'espeak' });
const ZMedia = z
  .object({ id: z.string(), filename: z.string(), category: z.string(), duration_seconds: z.number().nullish() })
  .passthrough();
const ZStatus = z.object({ status: z.string(), error: z.string().nullable() });

const request = (token: string, method: string, url: string, json?: unknown): Promise<HttpResult> =>
  api.request(method, url, { token, json });
const count = async (table: string) =>
  Number(z.object({ n: z.string() }).parse((await orm.em.getConnection().execute(`select count(*) as n from ${table}`))[0]).n);

async function probeSeconds(bytes: Buffer): Promise<number> {
  const file = path.join(storage.dir, 'downloaded.mp3');
  writeFileSync(file, bytes);
  return (await probeAudio(file, { measure: true })).durationSeconds;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(value)}\n${logs.join('\n')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  storage = tempDir('ppp-admin-seed-storage-');
  const db = await openTestOrm();
  orm = db.orm;
  api = await startTestServer(orm, db.databaseUrl, ENV());
  worker = await startWorker({
    orm,
    shared: { config: testConfig(db.databaseUrl, ENV()), mailTransport: outboxOnlyTransport },
    databaseUrl: db.databaseUrl,
    concurrency: 1,
    log: (m) => logs.push(m),
  });
  const users = await twoUsers(api);
  admin = users.admin.token;
  creator = users.user.token;
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await orm?.close();
  storage?.remove();
});

describe('seeding a demo show', () => {
  it('makes a show, template and upload an episode is assembled from at once; seeding again makes nothing new', async () => {
    const seeded = await request(admin, 'POST', '/api/admin/seed');
    expect(seeded.status, seeded.text).toBe(200);
    const seed = ZSeedResult.parse(seeded.body);
    expect(seed.created).toBe(true);

    const show = z
      .object({ name: z.string() })
      .passthrough()
      .parse((await request(admin, 'GET', `/api/podcasts/${seed.podcast_id}`)).body);
    expect(show.name).toBe(DEV_TOOLS.demoShowName);
    const template = z
      .object({ podcast_id: z.string(), segments: z.array(z.object({ segment_type: z.string() }).passthrough()) })
      .passthrough()
      .parse((await request(admin, 'GET', `/api/templates/${seed.template_id}`)).body);
    expect(template.podcast_id).toBe(seed.podcast_id);
    expect(template.segments.map((s) => s.segment_type)).toEqual(['intro', 'content', 'outro']);
    const library = z.array(ZMedia).parse((await request(admin, 'GET', '/api/media/')).body);
    expect(library.map((m) => m.category).sort()).toEqual(['intro', 'outro']);
    const uploads = z.array(ZMedia).parse((await request(admin, 'GET', '/api/media/main-content')).body);
    const upload = uploads.find((m) => m.filename === seed.main_content_filename);
    if (!upload) throw new Error('the seeded upload is not in the library');

    // The supplied transcript makes it ready without a transcription engine.
    const ready = await waitFor(
      async () =>
        z
          .object({ status: z.string(), transcript_ready: z.boolean() })
          .parse((await request(admin, 'GET', `/api/media/${upload.id}`)).body),
      (m) => m.transcript_ready || m.status === 'error',
    );
    expect(ready).toMatchObject({ transcript_ready: true, status: 'ready' });

    const body: TAssembleEpisodeRequestInput = {
      template_id: seed.template_id,
      main_content_filename: seed.main_content_filename,
      output_filename: 'demo.mp3',
      episode_details: { title: 'Demo episode', episodeNumber: 1 },
      intents: { flubber: 'no', intern: 'no', sfx: 'no' },
      cleanup: { removePauses: false, removeFillers: false, censorEnabled: false },
    };
    const queued = await request(admin, 'POST', '/api/episodes/assemble', body);
    expect(queued.status, queued.text).toBe(202);
    const { job_id, episode_id } = z.object({ job_id: z.string(), episode_id: z.string() }).parse(queued.body);
    const status = await waitFor(
      async () => ZStatus.parse((await request(admin, 'GET', `/api/episodes/status/${job_id}`)).body),
      (s) => s.status === 'processed' || s.status === 'error',
    );
    expect(status).toMatchObject({ status: 'processed', error: null });
    const episode = z
      .object({ podcast_id: z.string(), playback_url: z.string() })
      .passthrough()
      .parse((await request(admin, 'GET', `/api/episodes/${episode_id}`)).body);
    expect(episode.podcast_id).toBe(seed.podcast_id);
    // The file holds the intro, the upload and the outro: longer than the upload alone.
    const file = await fetch(`${api.baseUrl}${episode.playback_url}`);
    expect(file.status).toBe(200);
    const seconds = await probeSeconds(Buffer.from(await file.arrayBuffer()));
    const parts = [upload, ...library].map((m) => m.duration_seconds ?? 0);
    const expected = parts.reduce((sum, d) => sum + d, 0);
    expect(Math.min(...parts)).toBeGreaterThan(1);
    expect(Math.abs(seconds - expected)).toBeLessThan(1.5);

    // Seeding again: the same ids, nothing new (REST and tRPC).
    const shows = await count('podcasts');
    const media = await count('media_items');
    const templates = await count('templates');
    expect(ZSeedResult.parse((await request(admin, 'POST', '/api/admin/seed')).body)).toEqual({ ...seed, created: false });
    const again = await fetch(`${api.baseUrl}/trpc/admin.seed`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ json: null }),
    });
    expect(again.status).toBe(200);
    expect(z.object({ result: z.object({ data: z.object({ json: ZSeedResult }) }) }).parse(await again.json()).result.data.json).toEqual({
      ...seed,
      created: false,
    });
    expect([await count('podcasts'), await count('media_items'), await count('templates')]).toEqual([shows, media, templates]);

    // The demo show is the admin's: the creator's lists do not hold it.
    const creatorShows = JSON.stringify((await request(creator, 'GET', '/api/podcasts/')).body);
    expect(creatorShows).not.toContain(seed.podcast_id);
    expect((await request(creator, 'GET', `/api/templates/${seed.template_id}`)).status).toBe(404);
  });
});
