/**
 * rss.import and rss.mirror through pg-boss on a real PostgreSQL, with feeds and audio from a local
 * server (allowed by IMPORT_ALLOW_PRIVATE_HOSTS, as only tests may):
 * - an import runs to the end: episodes written, audio mirrored into storage and served from here, notified;
 * - a worker process killed with SIGKILL in the middle of a large import: pg-boss notices the missing
 *   heartbeat, the job is retried on another worker, which resumes after the last batch; no episode twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFeed, manyItems, startFeedServer, toneFile, type FeedServer } from '@ppp/server/test-support';
import type { User } from '@ppp/server/domain';
import { workerBed } from './support/worker-bed.ts';

let feeds: FeedServer;
afterAll(() => feeds?.close());
const bed = workerBed({ name: 'ppp-rss-worker', startLater: true, env: () => ({ IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.1' }) });
const { services, sql, waitFor, logs } = bed;
let me: User;

beforeAll(async () => {
  feeds = await startFeedServer();
  me = await bed.newUser('importer');
});

describe('rss.import and rss.mirror', () => {
  it('imports a show, mirrors its audio into storage and serves it from here, and rings the bell once', async () => {
    await bed.runWorker();
    const mp3 = readFileSync(toneFile(bed.files.dir, 'tone.mp3', 1));
    for (const n of [1, 2, 3]) feeds.routes.set(`/small/${n}.mp3`, { body: mp3, type: 'audio/mpeg' });
    feeds.routes.set('/small/feed.rss', {
      body: buildFeed(
        { title: 'Small Show' },
        manyItems(3, (n) => `${feeds.origin}/small/${n}.mp3`),
      ),
    });
    const started = await services().rssImport.start(me, { rss_url: `${feeds.origin}/small/feed.rss` });
    const done = await waitFor(
      () => services().rssImport.get(me, started.import_id),
      (s) => s.status === 'done' || s.status === 'failed',
      30_000,
    );
    expect(done).toMatchObject({ status: 'done', episodes_imported: 3, mirrored_count: 3, mirror_total: 3, mirror_failed: 0 });
    expect(done.import_status).toEqual({ needs_full_import: false, imported_count: 3, feed_total: 3 });
    const episodes = await services().rssImport.episodes(me, started.podcast_id ?? '');
    expect(episodes.map((e) => [e.title, e.mirror_status])).toEqual([
      ['Episode 3', 'kept'],
      ['Episode 2', 'kept'],
      ['Episode 1', 'kept'],
    ]);
    const [stored] = await sql<{ final_audio_key: string }>('select final_audio_key from episodes where id = ?', [episodes[0]?.id]);
    expect(readFileSync(`${bed.storage.dir}/${stored?.final_audio_key}`).equals(mp3)).toBe(true);
    expect((await services().notifications.findForUser(me)).map((n) => n.title)).toEqual(['Import complete']);
    await bed.stopWorker();
  }, 60_000);

  it('resumes an import whose worker process was killed mid-way, without duplicating an episode', async () => {
    const total = 8_000;
    feeds.routes.set('/big/feed.rss', { body: buildFeed({ title: 'Eight Thousand' }, manyItems(total)) });
    const child: ChildProcess = spawn(process.execPath, [fileURLToPath(new URL('../src/main.ts', import.meta.url))], {
      env: {
        ...process.env,
        DATABASE_URL: bed.databaseUrl,
        STORAGE_DIR: bed.storage.dir,
        IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
        WORKER_CONCURRENCY: '1',
        LOG_LEVEL: 'error',
        NODE_ENV: 'test',
      },
      stdio: 'ignore',
    });
    try {
      const started = await services().rssImport.start(me, { rss_url: `${feeds.origin}/big/feed.rss` });
      const midway = await waitFor(
        () => services().rssImport.get(me, started.import_id),
        (s) => s.episodes_imported >= 400,
        60_000,
        5,
      );
      child.kill('SIGKILL');
      expect(midway.episodes_imported).toBeLessThan(total);
      await new Promise((r) => child.once('exit', r));
      const [atKill] = await sql<{ n: string }>('select count(*) as n from episodes where podcast_id = ?', [started.podcast_id]);
      expect(Number(atKill?.n)).toBeLessThan(total);

      // Another worker takes over once the dead one's heartbeat is stale.
      const next = await bed.runWorker();
      await new Promise((r) => setTimeout(r, 11_000));
      await next.boss.supervise('rss.import');
      const finished = await waitFor(
        () => services().rssImport.get(me, started.import_id),
        (s) => s.status === 'done' || s.status === 'failed',
        60_000,
        250,
      );
      expect(finished).toMatchObject({
        status: 'done',
        episodes_imported: total,
        import_status: { needs_full_import: false, imported_count: total, feed_total: total },
      });
      expect(logs.some((l) => new RegExp(`rss.import ${started.import_id}: resuming after \\d+ of ${total} episodes`).test(l))).toBe(true);
      const [counts] = await sql<{ n: string; keys: string; guids: string }>(
        'select count(*) as n, count(distinct import_key_hash) as keys, count(distinct guid) as guids from episodes where podcast_id = ?',
        [started.podcast_id],
      );
      expect(counts).toEqual({ n: String(total), keys: String(total), guids: String(total) });
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 150_000);
});
