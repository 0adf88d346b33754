/**
 * RSS import's recovery from Spreaker through the service on a real PostgreSQL: a show linked to
 * Spreaker whose feed lists fewer episodes than Spreaker has gets the missing ones, once, with their
 * audio and artwork copied by the mirror job. The rest of RSS import is in rss-import.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toneFile, pngFile } from '../support/audio-files.ts';
import { buildFeed } from '../support/feed-server.ts';
import { createServices } from '../../src/domain/services.ts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import { RssImportSchema } from '../../src/domain/rss-import/rss-import.entity.ts';
import { RssImportService } from '../../src/domain/rss-import/rss-import.service.ts';
import { RssImportRepository } from '../../src/domain/rss-import/rss-import.repository.ts';
import { ImportRunsRepository } from '../../src/domain/rss-import/import-runs.repository.ts';
import { PodcastsRepository } from '../../src/domain/podcasts/podcasts.repository.ts';
import { SpreakerClient } from '../../src/adapters/spreaker/index.ts';
import { FakeSpreaker } from '../unit/spreaker/fake-spreaker.ts';
import { rssImportBed } from './rss-import-bed.ts';

const bed = rssImportBed();

describe('recover from Spreaker', () => {
  it("adds the linked show's episodes its RSS feed left out, once, and copies their audio and artwork with the mirror job", async () => {
    const spreaker = new FakeSpreaker();
    const episode = (id: number, title: string, day: number) => ({
      episode_id: id,
      show_id: 77,
      title,
      description: `<p>${title}</p>`,
      duration: 61_000,
      published_at: `2024-01-${String(day).padStart(2, '0')} 10:00:00`,
      download_url: `${bed.server.origin}/sp/${id}.mp3`,
      image_url: id === 1 ? `${bed.server.origin}/sp/1.png` : null,
      plays_count: 5,
    });
    spreaker.on('GET', '/v2/shows/77/episodes', () => ({
      body: { response: { items: [episode(3, 'Third', 3), episode(2, 'Second', 2), episode(1, 'First', 1)], next_url: null } },
    }));
    await spreaker.start();
    try {
      const user = await bed.newUser();
      // Publishing to Spreaker on its own is a Creator feature (spec 002 §9).
      user.tier = 'creator';
      const feed = buildFeed({ title: 'On Spreaker' }, [
        { guid: 'https://api.spreaker.com/episode/3', title: 'Third', pubDate: new Date('2024-01-03T10:00:00Z') },
      ]);
      bed.server.routes.set('/spreaker.rss', { body: feed });
      const published: [string, string, string][] = [];
      const withSpreaker = (client: SpreakerClient | null) => {
        const em = bed.orm.em.fork();
        const services = createServices(em, bed.shared);
        return new RssImportService({
          imports: new RssImportRepository(em),
          podcasts: new PodcastsRepository(em),
          runs: new ImportRunsRepository(em),
          config: bed.config,
          storage: bed.shared.storage,
          jobs: bed.shared.jobs,
          notifications: services.notifications,
          features: services.plans,
          limits: services.limits,
          spreakerFor: async () => client,
          autoPublish: async (userId, podcastId, state) => (published.push([userId, podcastId, state]), true),
        });
      };
      const started = await withSpreaker(null).start(user, {
        rss_url: `${bed.server.origin}/spreaker.rss`,
        auto_publish_to_spreaker: true,
        publish_state: 'limited',
      });
      const podcast = await bed.orm.em.fork().findOneOrFail(PodcastSchema, { id: started.podcast_id ?? '' });
      await expect(withSpreaker(null).recoverFromSpreaker(user, podcast.id)).rejects.toMatchObject({ code: 'CONFLICT' });
      // The show is linked to Spreaker show 77 (as attempt_link_spreaker does for a spreaker.com feed).
      await bed.sql(`update podcasts set spreaker_show_id = '77', host_kind = 'spreaker' where id = ?`, [podcast.id]);
      // Linking a spreaker.com feed also counts the show's episodes there (linkSpreakerShow, unit-tested): 3, where the feed lists 1.
      await bed.sql('update rss_imports set host_total = 3 where id = ?', [started.import_id]);
      await withSpreaker(null).runImport(started.import_id);
      expect((await bed.services().rssImport.get(user, started.import_id)).import_status).toEqual({
        needs_full_import: true,
        imported_count: 1,
        feed_total: 3,
      });
      // Its items are already on Spreaker (their guid says which episode); auto-publish was started for the rest.
      expect(await bed.orm.em.fork().findOneOrFail(EpisodeSchema, { podcast: podcast.id, title: 'Third' })).toMatchObject({
        hostKind: 'spreaker',
        hostEpisodeId: '3',
      });
      expect(published).toEqual([[user.id, podcast.id, 'limited']]);
      expect((await bed.services().rssImport.get(user, started.import_id)).auto_publish_started).toBe(true);
      await expect(withSpreaker(null).recoverFromSpreaker(user, podcast.id)).rejects.toMatchObject({
        message: 'Not connected. Connect Spreaker first.',
      });
      const client = new SpreakerClient({ accessToken: 'token', baseUrl: spreaker.origin });
      expect(await withSpreaker(client).recoverFromSpreaker(user, podcast.id)).toEqual({
        recovered_count: 2,
        import_status: { needs_full_import: false, imported_count: 3, feed_total: 3 },
      });
      expect(await withSpreaker(client).recoverFromSpreaker(user, podcast.id)).toMatchObject({ recovered_count: 0 });
      const titles = (await bed.services().rssImport.episodes(user, podcast.id)).map((e) => e.title);
      expect(titles).toEqual(['Third', 'Second', 'First']);
      const first = await bed.orm.em.fork().findOneOrFail(EpisodeSchema, { podcast: podcast.id, title: 'First' });
      expect(first).toMatchObject({
        hostKind: 'spreaker',
        hostEpisodeId: '1',
        guid: 'https://api.spreaker.com/episode/1',
        durationMs: 61_000,
        status: 'published',
        playsTotal: 5,
      });

      // Their audio is copied by the same rss.mirror job as an import's, under a row of the recovery's own.
      const recovery = await bed.orm.em.fork().findOneOrFail(RssImportSchema, { podcast: podcast.id, feedStorageKey: null });
      expect(recovery).toMatchObject({
        status: 'mirroring',
        feedUrl: 'https://api.spreaker.com/v2/shows/77/episodes',
        importedCount: 2,
        mirrorTotal: 2,
        feedTotal: 3,
      });
      expect(first).toMatchObject({
        mirrorStatus: 'pending',
        mirrorImportId: recovery.id,
        sourceAudioUrl: `${bed.server.origin}/sp/1.mp3`,
      });
      const mirrorJobs = async () =>
        Number(
          (
            await bed.sql<{ n: string }>(
              `select count(*) as n from pgboss.job where name = 'rss.mirror' and data->>'import_id' = ? and state::text in ('created', 'retry', 'active')`,
              [recovery.id],
            )
          )[0]?.n,
        );
      expect(await mirrorJobs()).toBe(1);
      // A recovery run again after the job was lost (a crash between the commit and the send) sends it again, once.
      await bed.sql(`delete from pgboss.job where name = 'rss.mirror' and data->>'import_id' = ?`, [recovery.id]);
      await withSpreaker(client).recoverFromSpreaker(user, podcast.id);
      await withSpreaker(client).recoverFromSpreaker(user, podcast.id);
      expect(await mirrorJobs()).toBe(1);
      const mp3 = readFileSync(toneFile(bed.files.dir, 'spreaker.mp3', 1));
      bed.server.routes.set('/sp/1.mp3', { body: mp3, type: 'audio/mpeg' });
      bed.server.routes.set('/sp/2.mp3', { body: mp3, type: 'audio/mpeg' });
      bed.server.routes.set('/sp/1.png', { body: readFileSync(pngFile(bed.files.dir, 'spreaker.png')), type: 'image/png' });
      expect(await withSpreaker(client).runMirror(recovery.id, { finalAttempt: false })).toMatchObject({
        status: 'done',
        mirroredCount: 2,
        mirrorFailed: 0,
      });
      const copied = await bed.orm.em
        .fork()
        .find(EpisodeSchema, { podcast: podcast.id, mirrorImportId: recovery.id }, { orderBy: { title: 'asc' } });
      expect(copied.map((e) => [e.title, e.mirrorStatus, e.mirrorKey])).toEqual([
        ['First', 'done', `users/${user.id}/episodes/${first.id}/source-audio.mp3`],
        ['Second', 'done', `users/${user.id}/episodes/${copied[1]?.id}/source-audio.mp3`],
      ]);
      expect(
        (await bed.shared.storage.readBytes(first.id ? `users/${user.id}/episodes/${first.id}/source-audio.mp3` : '')).equals(mp3),
      ).toBe(true);
      // The artwork Spreaker gives it is copied too, as its cover.
      expect(copied[0]?.coverStorageKey).toBe(`users/${user.id}/episodes/${first.id}/imported-cover.png`);
    } finally {
      await spreaker.stop();
    }
  });
});
