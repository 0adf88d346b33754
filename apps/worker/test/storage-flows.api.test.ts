/**
 * The storage-dependent flows of the product through the real HTTP stack and a real worker, once on
 * the local folder and once on an S3-compatible bucket (the loopback stand-in), with nothing else
 * changed (issue 21): an upload over tus is transcribed (pocketsphinx), assembled and published, and
 * the feed's enclosure has the stored file's exact length and serves byte ranges of it; an RSS import
 * mirrors a show's audio into storage and the product's feed serves the copy with ranges; a media
 * library file is listed, served with ranges and deleted with all its stored files. Each flow
 * asserts where the files went: under STORAGE_DIR, or in the bucket with nothing on the disk.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import {
  buildFeed,
  coverPng,
  filesUnder,
  openTestOrm,
  s3Env,
  startFeedServer,
  startS3StandIn,
  tempDir,
  testConfig,
  toneFile,
  uniqueEmail,
  uploadForm,
  type FeedServer,
  type S3StandIn,
} from '@ppp/server/test-support';
import { outboxOnlyTransport } from '@ppp/server/domain';
import { startTestServer, type TestServer } from '../../server/test/support/http.ts';
import { startWorker, type Worker } from '../src/worker.ts';
import { spokenSlots } from './support/spoken-slots.ts';
import {
  assemble,
  contentTemplate,
  createShow,
  feedOf,
  firstCreator,
  publish,
  ranged,
  uploadAndTranscribe,
  waitFor,
} from './support/api-flow.ts';

const BUCKET = 'ppp-flows';
const STORES = ['local folder', 'S3 bucket'] as const;

describe.each(STORES)('on the %s', (store) => {
  let orm: MikroORM;
  let standIn: S3StandIn | null = null;
  let feeds: FeedServer;
  let api: TestServer;
  let worker: Worker;
  let token = '';
  const data = tempDir('ppp-flows-data-');
  const files = tempDir('ppp-flows-files-');
  const storageDir = path.join(data.dir, 'storage');
  const logs: string[] = [];
  const sql = <T extends object>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);

  /** The stored bytes of a key, from where this store keeps them; the other place must not have it. */
  function stored(key: string): Buffer {
    const object = standIn?.buckets.get(BUCKET)?.objects.get(key);
    if (standIn) {
      expect(existsSync(path.join(storageDir, key))).toBe(false);
      if (!object) throw new Error(`${key} is not in the bucket`);
      return object.body;
    }
    return readFileSync(path.join(storageDir, key));
  }
  const keyOf = async (episodeId: string) =>
    (await sql<{ final_audio_key: string | null }>('select final_audio_key from episodes where id = ?', [episodeId]))[0]?.final_audio_key ??
    '';

  beforeAll(async () => {
    if (store === 'S3 bucket') standIn = await startS3StandIn([BUCKET]);
    const db = await openTestOrm();
    orm = db.orm;
    const env = {
      ...(standIn ? s3Env(standIn, BUCKET) : {}),
      // Set, as the README's Scaling section asks, so no key file is written to DATA_DIR.
      SECRET_KEY: randomBytes(32).toString('hex'),
      DATA_DIR: data.dir,
      STORAGE_DIR: storageDir,
      SCRATCH_DIR: path.join(data.dir, 'scratch'),
      TRANSCRIPTION_ENGINES: 'pocketsphinx',
      IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.2',
    };
    api = await startTestServer(orm, db.databaseUrl, env);
    worker = await startWorker({
      orm,
      shared: { config: testConfig(db.databaseUrl, env), mailTransport: outboxOnlyTransport },
      databaseUrl: db.databaseUrl,
      concurrency: 1,
      log: (m) => logs.push(m),
    });
    feeds = await startFeedServer({}, '127.0.0.2');
    token = await firstCreator(api, uniqueEmail('flows'));
  }, 120_000);

  afterAll(async () => {
    await worker?.stop();
    await api?.close();
    await feeds?.close();
    await orm?.close();
    await standIn?.close();
    data.remove();
    files.remove();
  });

  it('a tus upload is transcribed, assembled and published; the feed gives its exact length and serves ranges', async () => {
    const showId = await createShow(api, token, 'Flow Show', coverPng(files.dir));
    const { wav } = spokenSlots({
      dir: files.dir,
      name: 'flow',
      phrases: ['welcome to the show', 'this is stored somewhere', 'thanks for listening'],
      slotSeconds: 4,
      sampleRate: 44100,
    });
    const upload = await uploadAndTranscribe([api], token, wav, 512 * 1024);
    expect(upload.engine).toBe('pocketsphinx');
    const episodeId = await assemble(api, token, await contentTemplate(api, token, showId), upload.filename, 'Stored episode', 1);
    await publish(api, token, episodeId);

    const audio = stored(await keyOf(episodeId));
    const feed = await feedOf(api, showId);
    expect(feed.enclosures).toEqual([
      { title: 'Stored episode', path: `/feeds/${showId}/episodes/${episodeId}.mp3`, length: audio.length },
    ]);
    const part = await ranged(api, feed.enclosures[0]!.path, 'bytes=500-8691');
    expect([part.status, part.contentRange]).toEqual([206, `bytes 500-8691/${audio.length}`]);
    expect(part.body.equals(audio.subarray(500, 8692))).toBe(true);
    const [media] = await sql<{ storage_key: string }>('select storage_key from media_items where id = ?', [upload.id]);
    expect(stored(media?.storage_key ?? '').equals(readFileSync(wav))).toBe(true);
    if (standIn) expect(filesUnder(data.dir)).toEqual([]);
  }, 180_000);

  it('a media library file is listed, served with ranges, and deleted with every stored file of it', async () => {
    const mp3 = readFileSync(toneFile(files.dir, 'bed.mp3', 5, 220, ['-b:a', '96k']));
    const uploaded = await fetch(`${api.baseUrl}/api/media/upload/music`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: uploadForm([path.join(files.dir, 'bed.mp3')], { friendly_names: JSON.stringify(['Bed']) }),
    });
    expect(uploaded.status).toBe(201);
    const [item] = z.array(z.object({ id: z.string() })).parse(await uploaded.json());
    const id = item?.id ?? '';
    const listed = z
      .array(z.object({ id: z.string(), friendly_name: z.string().nullable() }))
      .parse((await api.request('GET', '/api/media/', { token })).body);
    expect(listed.find((m) => m.id === id)?.friendly_name).toBe('Bed');
    const [row] = await sql<{ storage_key: string }>('select storage_key from media_items where id = ?', [id]);
    expect(stored(row?.storage_key ?? '').equals(mp3)).toBe(true);

    const preview = z
      .object({ url: z.string() })
      .parse((await api.request('GET', `/api/media/preview?id=${id}&resolve=true`, { token })).body);
    const part = await ranged(api, preview.url, 'bytes=0-999');
    expect([part.status, part.contentRange]).toEqual([206, `bytes 0-999/${mp3.length}`]);
    expect(part.body.equals(mp3.subarray(0, 1000))).toBe(true);

    const prefix = (row?.storage_key ?? '').split('/').slice(0, -1).join('/');
    const storedUnder = () =>
      standIn ? standIn.keys(BUCKET).filter((key) => key.startsWith(`${prefix}/`)) : filesUnder(path.join(storageDir, prefix));
    expect(storedUnder().length).toBeGreaterThan(0);
    expect((await api.request('DELETE', `/api/media/${id}`, { token })).status).toBe(200);
    expect(storedUnder()).toEqual([]);
    expect((await fetch(`${api.baseUrl}${preview.url}`)).status).toBe(404);
  });

  it('an RSS import mirrors the audio into storage; the product’s feed serves the copy with ranges', async () => {
    const mp3 = readFileSync(toneFile(files.dir, 'old.mp3', 4, 550, ['-b:a', '64k']));
    feeds.routes.set('/old/1.mp3', { body: mp3, type: 'audio/mpeg' });
    feeds.routes.set('/old/feed.rss', {
      body: buildFeed({ title: 'Old Host Show' }, [
        { guid: 'old-1', title: 'From the old host', pubDate: new Date(Date.UTC(2024, 3, 2, 9)), audioUrl: `${feeds.origin}/old/1.mp3` },
      ]),
    });
    const res = await api.request('POST', '/api/import/rss', { token, json: { rss_url: `${feeds.origin}/old/feed.rss` } });
    expect(res.status, res.text).toBe(200);
    const started = z.object({ import_id: z.string(), podcast_id: z.string() }).parse(res.body);
    const ZState = z.object({ status: z.string(), mirrored_count: z.number() }).passthrough();
    const done = await waitFor(
      async () => ZState.parse((await api.request('GET', `/api/import/rss/${started.import_id}`, { token })).body),
      (s) => s.status === 'done' || s.status === 'failed',
      'import not finished',
    );
    expect(done).toMatchObject({ status: 'done', mirrored_count: 1 });

    const [episode] = await sql<{ id: string; final_audio_key: string }>('select id, final_audio_key from episodes where podcast_id = ?', [
      started.podcast_id,
    ]);
    expect(stored(episode?.final_audio_key ?? '').equals(mp3)).toBe(true);
    const feed = await feedOf(api, started.podcast_id);
    expect(feed.enclosures).toEqual([
      { title: 'From the old host', path: `/feeds/${started.podcast_id}/episodes/${episode?.id}.mp3`, length: mp3.length },
    ]);
    const part = await ranged(api, feed.enclosures[0]!.path, 'bytes=100-');
    expect([part.status, part.contentRange]).toEqual([206, `bytes 100-${mp3.length - 1}/${mp3.length}`]);
    expect(part.body.equals(mp3.subarray(100))).toBe(true);
  }, 120_000);
});
