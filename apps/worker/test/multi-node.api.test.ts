/**
 * Past one machine (issue 21): two server processes' HTTP stacks and two workers, each with its own
 * empty data, storage and scratch folder, on one PostgreSQL and one S3-compatible bucket (the loopback
 * stand-in), with the same SECRET_KEY, as the README's Scaling section says. A creator signs up on one
 * server, makes a show on the other, uploads over tus with chunks alternating between the servers;
 * whichever worker takes it transcribes it (pocketsphinx). Worker 1 renders one episode and worker 2
 * another (the other worker is stopped meanwhile so the test knows who rendered what); each is
 * published through the other server. Either server then serves the same feed, with each enclosure's
 * exact length, and byte ranges of both episodes' audio equal to what the bucket holds; no node keeps
 * a file on its disk.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  coverPng,
  filesUnder,
  openTestOrm,
  s3Env,
  startS3StandIn,
  tempDir,
  testConfig,
  uniqueEmail,
  type S3StandIn,
} from '@ppp/server/test-support';
import { outboxOnlyTransport } from '@ppp/server/domain';
import { startTestServer, type TestServer } from '../../server/test/support/http.ts';
import { startWorker, type Worker } from '../src/worker.ts';
import { spokenSlots } from './support/spoken-slots.ts';
import { assemble, contentTemplate, createShow, feedOf, firstCreator, publish, ranged, uploadAndTranscribe } from './support/api-flow.ts';

const BUCKET = 'ppp-multi-node';
const SECRET_KEY = randomBytes(32).toString('hex');
let orm: MikroORM;
let databaseUrl: string;
let standIn: S3StandIn;
const files = tempDir('ppp-multi-files-');
const nodes = {
  s1: tempDir('ppp-node-s1-'),
  s2: tempDir('ppp-node-s2-'),
  w1: tempDir('ppp-node-w1-'),
  w2: tempDir('ppp-node-w2-'),
};
const servers: TestServer[] = [];
const workers = new Map<'worker 1' | 'worker 2', Worker>();
const logs: string[] = [];

const envOf = (dir: string): Record<string, string> => ({
  ...s3Env(standIn, BUCKET),
  SECRET_KEY,
  DATA_DIR: dir,
  STORAGE_DIR: path.join(dir, 'storage'),
  SCRATCH_DIR: path.join(dir, 'scratch'),
  TRANSCRIPTION_ENGINES: 'pocketsphinx',
});

async function startNodeWorker(name: 'worker 1' | 'worker 2'): Promise<void> {
  const dir = name === 'worker 1' ? nodes.w1.dir : nodes.w2.dir;
  const worker = await startWorker({
    orm,
    shared: { config: testConfig(databaseUrl, envOf(dir)), mailTransport: outboxOnlyTransport },
    databaseUrl,
    concurrency: 1,
    log: (m) => logs.push(`${name}: ${m}`),
  });
  workers.set(name, worker);
}

async function stopNodeWorker(name: 'worker 1' | 'worker 2'): Promise<void> {
  await workers.get(name)?.stop();
  workers.delete(name);
}

const sql = <T extends object>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);
/** The rendered file as the bucket holds it. */
async function storedAudio(episodeId: string): Promise<Buffer> {
  const [row] = await sql<{ final_audio_key: string }>('select final_audio_key from episodes where id = ?', [episodeId]);
  const stored = standIn.buckets.get(BUCKET)?.objects.get(row?.final_audio_key ?? '');
  if (!stored) throw new Error(`no object for episode ${episodeId}`);
  return stored.body;
}
/** Which worker's log says it rendered the episode. */
const renderedBy = (episodeId: string) =>
  logs.filter((line) => line.includes(`audio.assemble ${episodeId} (`) && line.includes('rendered in')).map((line) => line.split(':')[0]);

beforeAll(async () => {
  standIn = await startS3StandIn([BUCKET]);
  const db = await openTestOrm();
  orm = db.orm;
  databaseUrl = db.databaseUrl;
  servers.push(...(await Promise.all([nodes.s1, nodes.s2].map((node) => startTestServer(orm, databaseUrl, envOf(node.dir))))));
  await startNodeWorker('worker 1');
  await startNodeWorker('worker 2');
}, 120_000);

afterAll(async () => {
  for (const name of [...workers.keys()]) await stopNodeWorker(name);
  await Promise.all(servers.map((server) => server.close()));
  await orm?.close();
  await standIn?.close();
  files.remove();
  for (const node of Object.values(nodes)) node.remove();
});

describe('two servers and two workers on one database and one bucket', () => {
  it('either server serves the feed and ranged audio of episodes rendered by either worker', async () => {
    const [s1, s2] = servers as [TestServer, TestServer];
    const token = await firstCreator(s1, uniqueEmail('multi-node'));
    const showId = await createShow(s2, token, 'Two Node Show', coverPng(files.dir));

    // About 1.8 MB of speech in 512 KB chunks: four PATCHes, alternating s1, s2, s1, s2.
    const { wav } = spokenSlots({
      dir: files.dir,
      name: 'interview',
      phrases: ['welcome to the show', 'we talk about buckets', 'and servers that share them', 'thanks for listening', 'goodbye'],
      slotSeconds: 4,
      sampleRate: 44100,
    });
    const upload = await uploadAndTranscribe([s1, s2], token, wav, 512 * 1024);
    expect(upload.engine).toBe('pocketsphinx');
    expect(logs.some((line) => /^worker [12]: audio\.transcribe /.test(line) && line.includes(upload.id))).toBe(true);
    const templateId = await contentTemplate(s1, token, showId);

    // Episode A on worker 1 alone, episode B on worker 2 alone; then both run again.
    await stopNodeWorker('worker 2');
    const a = await assemble(s1, token, templateId, upload.filename, 'Episode A', 1);
    await startNodeWorker('worker 2');
    await stopNodeWorker('worker 1');
    const b = await assemble(s2, token, templateId, upload.filename, 'Episode B', 2);
    await startNodeWorker('worker 1');
    expect([renderedBy(a), renderedBy(b)]).toEqual([['worker 1'], ['worker 2']]);

    await publish(s2, token, a);
    await publish(s1, token, b);

    const audio = { 'Episode A': await storedAudio(a), 'Episode B': await storedAudio(b) };
    const feeds = await Promise.all(servers.map((server) => feedOf(server, showId)));
    for (const feed of feeds) {
      expect(feed.status).toBe(200);
      expect(feed.enclosures).toEqual([
        { title: 'Episode B', path: `/feeds/${showId}/episodes/${b}.mp3`, length: audio['Episode B'].length },
        { title: 'Episode A', path: `/feeds/${showId}/episodes/${a}.mp3`, length: audio['Episode A'].length },
      ]);
    }
    for (const server of servers) {
      for (const enclosure of feeds[0]!.enclosures) {
        const bytes = audio[enclosure.title as keyof typeof audio];
        const part = await ranged(server, enclosure.path, 'bytes=1000-4999');
        expect([part.status, part.contentRange]).toEqual([206, `bytes 1000-4999/${bytes.length}`]);
        expect(part.body.equals(bytes.subarray(1000, 5000))).toBe(true);
        const tail = await ranged(server, enclosure.path, 'bytes=-2048');
        expect(tail.body.equals(bytes.subarray(bytes.length - 2048))).toBe(true);
      }
    }

    // Nothing stayed on any node's disk: the bucket holds it all.
    for (const node of Object.values(nodes)) expect(filesUnder(node.dir)).toEqual([]);
  }, 300_000);
});
