/**
 * A publish that settles reaches the creator: one that goes live (now, or at its scheduled time) rings
 * the bell with 'Episode published' and a link to the episode (issue 19). One that fails: a host that refuses (401, one attempt) and a host that stays
 * down until the last retry (503) both end in publish_error and a bell notice with the reason and a link
 * to the episode, plus a mail when the creator asked for mail on the upload the episode was made from.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { NOTIFICATION_LINKS, PUBLISHED_NOTICE, PUBLISH_FAILURE_NOTICE } from '@ppp/contracts';
import type { TConfig } from '../../src/config.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { MediaItemSchema } from '../../src/domain/media/media-item.entity.ts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import { openServiceBed } from '../support/database.ts';
import { tempDir } from '../support/audio-files.ts';
import { servicesFor, uniqueEmail, registerAccount } from '../support/fixtures.ts';
import { coverPng, seedAssembledEpisode, seedShow } from '../support/episodes.ts';
import { SpreakerSandbox } from '../support/spreaker-sandbox.ts';

let orm: MikroORM;
let config: TConfig;
let userId: string;
let email: string;
let storage: { dir: string; remove: () => void };
let files: { dir: string; remove: () => void };
const sandbox = new SpreakerSandbox();
const services = () => servicesFor(orm, config);

async function spreakerEpisode(
  title: string,
  mailMe: boolean,
  publish: { publish_state: 'public' } | { publish_state: 'unpublished'; publish_at: string } = { publish_state: 'public' },
) {
  const store = new LocalStorage(storage.dir);
  const podcastId = await seedShow(orm, store, userId, `${title} show`, coverPng(files.dir));
  await services().hostShows.link({ id: userId }, podcastId, { show_id: String(sandbox.addShow(`${title} show`).show_id) });
  const episode = await seedAssembledEpisode(orm, store, files.dir, { userId, podcastId }, { title });
  const em = orm.em.fork();
  const source = em.create(MediaItemSchema, {
    user: userId,
    category: 'main_content',
    friendlyName: `${title} upload`,
    originalName: 'take.wav',
    filename: 'take.wav',
    storageKey: `users/${userId}/media/take.wav`,
    contentType: 'audio/wav',
    sizeBytes: 1,
    notifyWhenReady: mailMe,
    // An address stored on the upload is never mailed (issue 14): the account's own verified one is.
    notifyEmail: mailMe ? 'me@example.com' : null,
  });
  await em.flush();
  await em.nativeUpdate(EpisodeSchema, { id: episode.id }, { sourceMedia: source.id });
  await services().publishing.publish({ id: userId }, episode.id, publish);
  return episode;
}

const run = (episodeId: string, final: boolean) =>
  services().publishRunner.run({ episode_id: episodeId, publish_at: null, go_live: false }, { final });
const notices = () => services().notifications.findForUser({ id: userId });
const mails = async () => {
  expect(await services().mail.findOutbox({ to: 'me@example.com', limit: 50 })).toEqual([]);
  return services().mail.findOutbox({ to: email, limit: 50 });
};

beforeAll(async () => {
  await sandbox.start();
  storage = tempDir('ppp-publish-notice-storage-');
  files = tempDir('ppp-publish-notice-files-');
  ({ orm, config } = await openServiceBed({ STORAGE_DIR: storage.dir, DATA_DIR: files.dir, ...sandbox.appEnv }));
  email = uniqueEmail('publisher');
  await registerAccount(services(), email);
  const [row] = await orm.em.fork().getConnection().execute<{ id: string }[]>('select id from users where email = ?', [email]);
  userId = row!.id;
  const start = await services().spreaker.startConnect((await services().spreaker.connectTicket({ id: userId })).ticket);
  await services().spreaker.finishConnect('code', start.state, start.state);
});
afterEach(() => {
  sandbox.uploadFailure = null;
});
afterAll(async () => {
  await orm?.close();
  await sandbox.stop();
  storage?.remove();
  files?.remove();
});

describe('publish failures reach the creator', () => {
  it('a host answering 401 ends at once in publish_error, a notice with the reason and the link, and a mail when asked', async () => {
    const episode = await spreakerEpisode('Refused by the host', true);
    sandbox.uploadFailure = 401;
    expect(await run(episode.id, false)).toBe('failed');
    const status = await services().publishing.status({ id: userId }, episode.id);
    expect(status.publish_state).toBe('publish_error');
    const reason = status.last_error ?? '';
    expect(reason).not.toBe('');
    const link = `http://localhost:3000${PUBLISH_FAILURE_NOTICE.path(episode.id)}`;
    const notice = (await notices()).find((n) => n.body.includes('Refused by the host'));
    expect(notice).toMatchObject({ title: PUBLISH_FAILURE_NOTICE.title, read_at: null, link: NOTIFICATION_LINKS.episode(episode.id) });
    expect(notice?.body).toContain(reason);
    expect(notice?.body).toContain(link);
    const mail = (await mails()).find((m) => m.subject === PUBLISH_FAILURE_NOTICE.mailSubject('Refused by the host'));
    expect(mail?.text).toContain(reason);
    expect(mail?.text).toContain(link);
  });

  it('a host down (503) through every retry: nothing told until the last attempt, then one notice, and no mail unasked', async () => {
    const episode = await spreakerEpisode('Host stays down', false);
    sandbox.uploadFailure = 503;
    const before = sandbox.uploadAttempts;
    for (let attempt = 0; attempt < 4; attempt += 1) await expect(run(episode.id, false)).rejects.toThrow();
    expect((await notices()).filter((n) => n.body.includes('Host stays down'))).toHaveLength(0);
    expect(await run(episode.id, true)).toBe('failed');
    expect(sandbox.uploadAttempts - before).toBe(5);
    const status = await services().publishing.status({ id: userId }, episode.id);
    expect(status.publish_state).toBe('publish_error');
    const mine = (await notices()).filter((n) => n.body.includes('Host stays down'));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.body).toContain(status.last_error ?? '-');
    expect(mine[0]?.body).toContain(PUBLISH_FAILURE_NOTICE.path(episode.id));
    expect((await mails()).some((m) => m.subject.includes('Host stays down'))).toBe(false);
  });
});

describe('a publish that goes live reaches the creator (issue 19)', () => {
  it('publish now rings the bell once with Episode published and the episode link', async () => {
    const episode = await spreakerEpisode('Live at once', false);
    expect(await run(episode.id, false)).toBe('published');
    const mine = (await notices()).filter((n) => n.body === PUBLISHED_NOTICE.body('Live at once'));
    expect(mine).toEqual([
      expect.objectContaining({ title: 'Episode published', read_at: null, link: NOTIFICATION_LINKS.episode(episode.id) }),
    ]);
    // A second run of the same job is a no-op and tells nothing new.
    expect(await run(episode.id, false)).toBe('stale');
    expect((await notices()).filter((n) => n.body === PUBLISHED_NOTICE.body('Live at once'))).toHaveLength(1);
  });

  it('a scheduled episode tells nothing when handed to the host, and rings the bell when it goes live', async () => {
    const at = new Date(Math.ceil((Date.now() + 3_600_000) / 300_000) * 300_000);
    const episode = await spreakerEpisode('Live later', false, { publish_state: 'unpublished', publish_at: at.toISOString() });
    const publishAt = at.toISOString();
    const job = (goLive: boolean, now: Date) =>
      services().publishRunner.run({ episode_id: episode.id, publish_at: publishAt, go_live: goLive }, { final: false }, now);
    expect(await job(false, new Date())).toBe('scheduled');
    expect((await notices()).filter((n) => n.body === PUBLISHED_NOTICE.body('Live later'))).toHaveLength(0);
    expect(await job(true, new Date(at.getTime() + 1_000))).toBe('published');
    const mine = (await notices()).filter((n) => n.body === PUBLISHED_NOTICE.body('Live later'));
    expect(mine).toEqual([expect.objectContaining({ title: PUBLISHED_NOTICE.title, link: NOTIFICATION_LINKS.episode(episode.id) })]);
  });
});
