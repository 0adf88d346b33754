/**
 * What the RSS import service tests share: a real PostgreSQL, the services on local storage with
 * private hosts allowed, a local feed server with the given routes, scratch files, and users made
 * active. rssImportBed registers its own beforeAll and afterAll; the bed is ready inside the tests.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll } from 'vitest';
import { openTestOrm } from '../support/database.ts';
import { testConfig, uniqueEmail, registerAccount } from '../support/fixtures.ts';
import { tempDir } from '../support/audio-files.ts';
import { startFeedServer, type FeedRoute, type FeedServer } from '../support/feed-server.ts';
import { createServices, type SharedDeps } from '../../src/domain/services.ts';
import { sharedDepsFor } from '../../src/server.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import type { User } from '../../src/domain/users/user.entity.ts';
import type { TConfig } from '../../src/config.ts';

export interface RssImportBed {
  orm: MikroORM;
  config: TConfig;
  shared: SharedDeps;
  server: FeedServer;
  storage: { dir: string; remove: () => void };
  files: { dir: string; remove: () => void };
  services: () => ReturnType<typeof createServices>;
  sql: <T extends object>(query: string, params?: unknown[]) => Promise<T[]>;
  /** A registered user, made active. */
  newUser: (email?: string) => Promise<User>;
  /** start + the rss.import job's work, as the worker runs it. */
  importFeed: (user: User, url: string) => Promise<Awaited<ReturnType<typeof importInto>>>;
}

async function importInto(bed: RssImportBed, user: User, url: string) {
  const started = await bed.services().rssImport.start(user, { rss_url: url });
  const row = await bed.services().rssImport.runImport(started.import_id);
  const podcast = await bed.orm.em.fork().findOneOrFail(PodcastSchema, { id: started.podcast_id ?? '' });
  const episodes = await bed.orm.em
    .fork()
    .find(EpisodeSchema, { podcast: podcast.id }, { orderBy: { publishAt: 'desc nulls last', title: 'asc' } });
  return { started, row, podcast, episodes, status: await bed.services().rssImport.get(user, started.import_id) };
}

export function rssImportBed(routes: () => Record<string, FeedRoute> = () => ({})): RssImportBed {
  const bed = {
    services: () => createServices(bed.orm.em.fork(), bed.shared),
    sql: <T extends object>(query: string, params: unknown[] = []) => bed.orm.em.getConnection().execute<T[]>(query, params),
    newUser: async (email = uniqueEmail('importer')) => {
      await registerAccount(bed.services(), email);
      const [row] = await bed.sql<{ id: string }>('select id from users where email = ?', [email]);
      const user = await bed.services().users.getById(row?.id ?? '');
      user.isActive = true;
      await bed.sql('update users set is_active = true where id = ?', [user.id]);
      return user;
    },
    importFeed: (user: User, url: string) => importInto(bed, user, url),
  } as RssImportBed;
  beforeAll(async () => {
    const db = await openTestOrm();
    bed.orm = db.orm;
    bed.storage = tempDir('ppp-rss-storage-');
    bed.files = tempDir('ppp-rss-files-');
    bed.config = testConfig(db.databaseUrl, { IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.1', STORAGE_DIR: bed.storage.dir });
    bed.shared = sharedDepsFor(bed.config, { storage: new LocalStorage(bed.storage.dir) });
    bed.server = await startFeedServer(routes());
  });
  afterAll(async () => {
    await bed.server?.close();
    await bed.shared?.jobs.close();
    await bed.orm?.close();
    bed.storage?.remove();
    bed.files?.remove();
  });
  return bed;
}
