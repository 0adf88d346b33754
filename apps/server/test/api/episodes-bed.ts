/**
 * What the Episode History API tests share: a real PostgreSQL, a test server on its own storage
 * folder, two users (A, an admin, and B) with a show each, helpers that seed shows and episodes,
 * and the episode's JSON shape. episodesBed registers its own beforeAll and afterAll; the bed is
 * ready inside the tests.
 */
import { afterAll, beforeAll } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { EpisodeSchema, type Episode } from '../../src/domain/episodes/episode.entity.ts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { openTestOrm } from '../support/database.ts';
import { startTestServer, twoUsers, type TestServer } from '../support/http.ts';
import { tempDir } from '../support/audio-files.ts';

export const ZEpisodeJson = z
  .object({
    id: z.string(),
    podcast_id: z.string(),
    title: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    is_explicit: z.boolean(),
    season_number: z.number().nullable(),
    episode_number: z.number().nullable(),
    template_id: z.string().nullable(),
    status: z.string(),
    cover_url: z.string().nullable(),
    playback_url: z.string().nullable(),
    retry_available: z.boolean(),
    editable: z.boolean(),
    image_crop: z.record(z.string(), z.number()).nullable(),
  })
  .passthrough();
export const ZPageJson = z.object({ items: z.array(ZEpisodeJson), total: z.number() });

let orm: MikroORM;
let api: TestServer;
let files: { dir: string; remove: () => void };
let storageDir: { dir: string; remove: () => void };
let storage: LocalStorage;
let a: { token: string; id: string };
let b: { token: string; id: string };
let showA: string;
let showB: string;

async function seedShow(userId: string, name: string): Promise<string> {
  const em = orm.em.fork();
  const show = em.create(PodcastSchema, { user: userId, name, description: '' });
  await em.flush();
  return show.id;
}

async function seedEpisode(userId: string, podcastId: string, fields: Partial<Episode> = {}): Promise<Episode> {
  const em = orm.em.fork();
  const episode = em.create(EpisodeSchema, { user: userId, podcast: podcastId, title: 'An episode', status: 'processed', ...fields });
  await em.flush();
  return episode;
}

async function stored(id: string): Promise<Episode> {
  return orm.em.fork().findOneOrFail(EpisodeSchema, { id });
}

async function setUp(): Promise<void> {
  files = tempDir();
  storageDir = tempDir('ppp-storage-test-');
  storage = new LocalStorage(storageDir.dir);
  const db = await openTestOrm();
  orm = db.orm;
  api = await startTestServer(orm, db.databaseUrl, { STORAGE_DIR: storageDir.dir });
  const users = await twoUsers(api);
  a = { token: users.admin.token, id: users.admin.id };
  b = { token: users.user.token, id: users.user.id };
  showA = await seedShow(a.id, 'Show of A');
  showB = await seedShow(b.id, 'Show of B');
}

async function tearDown(): Promise<void> {
  await api?.close();
  await orm?.close();
  files?.remove();
  storageDir?.remove();
}

/** Registers the bed's setup and teardown; its state is read through the returned object once the tests run. */
export function episodesBed() {
  beforeAll(setUp);
  afterAll(tearDown);
  return {
    seedShow,
    seedEpisode,
    stored,
    get orm() {
      return orm;
    },
    get api() {
      return api;
    },
    get files() {
      return files;
    },
    get storage() {
      return storage;
    },
    get storageDir() {
      return storageDir;
    },
    get a() {
      return a;
    },
    get b() {
      return b;
    },
    get showA() {
      return showA;
    },
    get showB() {
      return showB;
    },
  };
}
