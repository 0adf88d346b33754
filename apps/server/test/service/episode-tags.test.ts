/**
 * An episode made without tags stores an empty JSON array (jsonb_typeof 'array'), not the JSON
 * string "[]" that the entity's column default would otherwise be written as; it reads back as a
 * list, its DTO says [], and giving it tags later stores them as a list too. The data migration turns
 * rows stored before the fix into the empty array.
 */
import { ZEpisodeUpdateRequest } from '@ppp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { openTestOrm } from '../support/database.ts';
import { testConfig, uniqueEmail, registerAccount } from '../support/fixtures.ts';
import { tempDir } from '../support/audio-files.ts';
import { seedAssembledEpisode, seedShow } from '../support/episodes.ts';
import { createServices, type SharedDeps } from '../../src/domain/services.ts';
import { sharedDepsFor } from '../../src/server.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import { Migration20261123181000_episode_tags_array } from '../../src/db/migrations/Migration20261123181000_episode_tags_array.ts';

let orm: MikroORM;
let shared: SharedDeps;
let storage: { dir: string; remove: () => void };
let userId = '';
let podcastId = '';
const services = () => createServices(orm.em.fork(), shared);
const sql = <T extends object>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);
const stored = async (id: string) =>
  (await sql<{ kind: string; tags: unknown }>('select jsonb_typeof(tags) as kind, tags from episodes where id = ?', [id]))[0];

beforeAll(async () => {
  const db = await openTestOrm();
  orm = db.orm;
  storage = tempDir('ppp-episode-tags-');
  shared = sharedDepsFor(testConfig(db.databaseUrl, { STORAGE_DIR: storage.dir }), { storage: new LocalStorage(storage.dir) });
  const email = uniqueEmail('tagger');
  await registerAccount(services(), email);
  userId = (await sql<{ id: string }>('select id from users where email = ?', [email]))[0]?.id ?? '';
  podcastId = await seedShow(orm, shared.storage, userId, 'Tagless Show', null);
});
afterAll(async () => {
  await shared?.jobs.close();
  await orm?.close();
  storage?.remove();
});

describe('episode tags when none are given', () => {
  it('an episode created through the entity without tags stores [] as an array and reads back as []', async () => {
    const episode = await seedAssembledEpisode(
      orm,
      shared.storage,
      storage.dir,
      { userId, podcastId },
      { title: 'No tags', withAudio: false },
    );
    expect(episode.tags).toEqual([]);
    expect(await stored(episode.id)).toEqual({ kind: 'array', tags: [] });
    const reread = await orm.em.fork().findOneOrFail(EpisodeSchema, { id: episode.id });
    expect(Array.isArray(reread.tags)).toBe(true);
    expect((await services().episodes.get({ id: userId }, episode.id)).tags).toEqual([]);
  });

  it('an episode created without tags and given tags later stores them as a list', async () => {
    const em = orm.em.fork();
    const episode = em.create(EpisodeSchema, {
      user: userId,
      podcast: podcastId,
      title: 'Imported',
      status: 'published',
      importKey: 'guid-1',
      importKeyHash: 'hash-1',
    });
    await em.flush();
    expect(await stored(episode.id)).toMatchObject({ kind: 'array', tags: [] });
    await services().episodes.update({ id: userId }, episode.id, ZEpisodeUpdateRequest.parse({ tags: 'One, Two' }));
    expect(await stored(episode.id)).toEqual({ kind: 'array', tags: ['One', 'Two'] });
    expect((await services().episodes.get({ id: userId }, episode.id)).tags).toEqual(['One', 'Two']);
  });

  it('the migration turns rows stored with the string "[]" into the empty array and leaves real tags alone', async () => {
    const bad = await seedAssembledEpisode(
      orm,
      shared.storage,
      storage.dir,
      { userId, podcastId },
      { title: 'Stored as a string', withAudio: false },
    );
    const good = await seedAssembledEpisode(orm, shared.storage, storage.dir, { userId, podcastId }, { title: 'Tagged', withAudio: false });
    await sql(`update episodes set tags = '"[]"'::jsonb where id = ?`, [bad.id]);
    await sql(`update episodes set tags = '["Kept"]'::jsonb where id = ?`, [good.id]);
    expect(await stored(bad.id)).toEqual({ kind: 'string', tags: '[]' });

    const migration = new Migration20261123181000_episode_tags_array(orm.em.getDriver(), orm.config);
    await migration.up();
    for (const query of migration.getQueries()) await sql(String(query));
    expect(await stored(bad.id)).toEqual({ kind: 'array', tags: [] });
    expect(await stored(good.id)).toEqual({ kind: 'array', tags: ['Kept'] });
    expect((await services().episodes.get({ id: userId }, bad.id)).tags).toEqual([]);
  });
});
