/**
 * Items with no guid, enclosure or link, on a real PostgreSQL: their identity comes from their
 * content, so importing the feed again after it grew adds only the new item; the data migration
 * gives rows imported under the old position-based key the content key, so they are not duplicated
 * either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { openTestOrm } from '../support/database.ts';
import { testConfig, uniqueEmail, registerAccount } from '../support/fixtures.ts';
import { tempDir } from '../support/audio-files.ts';
import { startFeedServer, type FeedServer } from '../support/feed-server.ts';
import { createServices, type SharedDeps } from '../../src/domain/services.ts';
import { sharedDepsFor } from '../../src/server.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import { Migration20261124143913_rss_content_keys } from '../../src/db/migrations/Migration20261124143913_rss_content_keys.ts';
import type { User } from '../../src/domain/users/user.entity.ts';

let orm: MikroORM;
let shared: SharedDeps;
let server: FeedServer;
let storage: { dir: string; remove: () => void };
const services = () => createServices(orm.em.fork(), shared);
const sql = <T extends object>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);

/** A weekly show whose host writes no guid, enclosure or link; `weeks` newest first. */
function bareFeed(weeks: number): string {
  const items = Array.from({ length: weeks }, (_, k) => {
    const week = weeks - k;
    return `<item><title>Weekly</title><pubDate>${new Date(Date.UTC(2024, 0, 7 * week)).toUTCString()}</pubDate><description>Notes of week ${week}</description></item>`;
  });
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Bare Show</title>${items.join('')}</channel></rss>`;
}

async function newUser(): Promise<User> {
  const email = uniqueEmail('bare');
  await registerAccount(services(), email);
  await sql('update users set is_active = true where email = ?', [email]);
  const [row] = await sql<{ id: string }>('select id from users where email = ?', [email]);
  return services().users.getById(row?.id ?? '');
}

async function importFeed(user: User, weeks: number): Promise<string> {
  server.routes.set('/bare.rss', { body: bareFeed(weeks) });
  const started = await services().rssImport.start(user, { rss_url: `${server.origin}/bare.rss` });
  await services().rssImport.runImport(started.import_id);
  return started.podcast_id ?? '';
}

const keysOf = async (podcastId: string) =>
  (await orm.em.fork().find(EpisodeSchema, { podcast: podcastId }, { orderBy: { publishAt: 'asc' } })).map((e) => [
    e.importKey,
    e.importKeyHash,
  ]);

beforeAll(async () => {
  const db = await openTestOrm();
  orm = db.orm;
  storage = tempDir('ppp-rss-keys-');
  shared = sharedDepsFor(testConfig(db.databaseUrl, { IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.1', STORAGE_DIR: storage.dir }), {
    storage: new LocalStorage(storage.dir),
  });
  server = await startFeedServer();
});
afterAll(async () => {
  await server?.close();
  await shared?.jobs.close();
  await orm?.close();
  storage?.remove();
});

describe('items with no guid, enclosure or link', () => {
  it('are not imported again when the feed grows, and the migration moves rows keyed by position onto the content key', async () => {
    const user = await newUser();
    const podcastId = await importFeed(user, 2);
    const before = await keysOf(podcastId);
    expect(before).toHaveLength(2);

    // A new week is listed first: the two older items moved down one place and are still the same episodes.
    expect(await importFeed(user, 3)).toBe(podcastId);
    const after = await keysOf(podcastId);
    expect(after).toHaveLength(3);
    expect(after.slice(0, 2)).toEqual(before);

    // Rows imported before the fix carry 'title|date|position' keys; the migration gives them the content key.
    await sql(
      `update episodes set import_key = regexp_replace(import_key, '[0-9a-f]{64}$', (publish_at < '2024-01-10')::int::text),
         import_key_hash = encode(sha256(convert_to(regexp_replace(import_key, '[0-9a-f]{64}$', (publish_at < '2024-01-10')::int::text), 'UTF8')), 'hex')
       where podcast_id = ?`,
      [podcastId],
    );
    expect((await keysOf(podcastId)).map(([key]) => key)).toEqual([
      'Weekly|2024-01-07T00:00:00.000Z|1',
      'Weekly|2024-01-14T00:00:00.000Z|0',
      'Weekly|2024-01-21T00:00:00.000Z|0',
    ]);
    const migration = new Migration20261124143913_rss_content_keys(orm.em.getDriver(), orm.config);
    await migration.up();
    for (const query of migration.getQueries()) await sql(String(query));
    expect(await keysOf(podcastId)).toEqual(after);

    // Importing again adds nothing.
    await importFeed(user, 3);
    expect(await orm.em.fork().count(EpisodeSchema, { podcast: podcastId })).toBe(3);
  });
});
