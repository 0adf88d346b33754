/**
 * Creator text against other people's browsers and podcast apps: what one creator types reaches the
 * public feed and the landing page only through the podcast HTML allowlist, and link fields take
 * only http(s). Each case tries an attack through the real HTTP stack and checks both the refusal
 * (or the stripping) and that nothing else changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { WEB_URL_MESSAGES, ZPublicEpisodes, updatePodcastForm } from '@ppp/contracts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { tempDir } from '../support/audio-files.ts';
import { seedAssembledEpisode, seedShow } from '../support/episodes.ts';
import { errorOf, twoUsers, type TestServer } from '../support/http.ts';

const ATTACK =
  '<p onclick="steal()">Listen <script>fetch("/api/users/me")</script><img src=x onerror="alert(1)">' +
  '<a href="javascript:alert(document.cookie)">here</a> <a href="https://example.com/notes">notes</a></p>' +
  '<iframe src="https://evil.example/"></iframe><style>body{display:none}</style>';
const HOSTILE = /<script|onerror|onclick|javascript:|<iframe|<img|<style|alert\(/i;

let orm: MikroORM;
let api: TestServer;
let a: { token: string; id: string };
let storage: { dir: string; remove: () => void };
let files: { dir: string; remove: () => void };
let showId: string;

beforeAll(async () => {
  storage = tempDir('ppp-xss-storage-');
  files = tempDir('ppp-xss-files-');
  ({ orm, api } = await startApiBed({ STORAGE_DIR: storage.dir }));
  ({ admin: a } = await twoUsers(api));
  const store = new LocalStorage(storage.dir);
  showId = await seedShow(orm, store, a.id, 'Hostile Notes Show', null);
  const episode = await seedAssembledEpisode(
    orm,
    store,
    files.dir,
    { userId: a.id, podcastId: showId },
    {
      title: 'Live one',
      status: 'published',
      publishAt: new Date(Date.now() - 3_600_000),
    },
  );
  const patched = await api.request('PATCH', `/api/episodes/${episode.id}`, { token: a.token, json: { description: ATTACK } });
  expect(patched.status).toBe(200);
  const show = await api.request('PUT', `/api/podcasts/${showId}`, {
    token: a.token,
    json: { name: 'Hostile Notes Show', description: ATTACK, website_url: 'https://ada.example.com/' },
  });
  expect(show.status).toBe(200);
});

afterAll(async () => {
  await closeApiBed({ api, orm });
  storage.remove();
  files.remove();
});

async function websiteOf(id: string): Promise<string | null | undefined> {
  return (await orm.em.fork().findOneOrFail(PodcastSchema, { id })).websiteUrl;
}

describe('feeds and XSS', () => {
  it('script, event handlers, images and javascript: links in show and episode notes never reach the public feed', async () => {
    const res = await fetch(`${api.baseUrl}/feeds/${showId}.xml`);
    expect(res.status).toBe(200);
    const xml = await res.text();
    const safe =
      '<p>Listen <a rel="nofollow noopener noreferrer" target="_blank">here</a> ' +
      '<a href="https://example.com/notes" rel="nofollow noopener noreferrer" target="_blank">notes</a></p>';
    expect(xml).toContain(`<description><![CDATA[${safe}]]></description>`);
    expect(xml).toContain(`<content:encoded><![CDATA[${safe}]]></content:encoded>`);
    expect(xml).not.toMatch(HOSTILE);
  });

  it('script in show notes reaches the public landing page as plain text only', async () => {
    const res = await api.request('GET', '/api/public/episodes');
    expect(res.status).toBe(200);
    const listed = ZPublicEpisodes.parse(res.body).items.find((item) => item.title === 'Live one');
    expect(listed?.description).toBe('Listen here notes');
  });

  it('a javascript: show website is refused with 422 and the stored website is unchanged', async () => {
    for (const url of [
      'javascript:alert(document.cookie)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/relative',
    ]) {
      const res = await api.request('PUT', `/api/podcasts/${showId}`, {
        token: a.token,
        json: { name: 'Hostile Notes Show', website_url: url },
      });
      expect(res.status).toBe(422);
      expect(errorOf(res).detail).toContain(WEB_URL_MESSAGES.httpOnly);
    }
    expect(await websiteOf(showId)).toBe('https://ada.example.com/');
  });

  it('a javascript: show website is refused through tRPC too, changing nothing', async () => {
    await expect(
      api
        .trpc(a.token)
        .podcasts.update.mutate(updatePodcastForm({ id: showId, name: 'Hostile Notes Show', website_url: 'javascript:alert(1)' }, null)),
    ).rejects.toThrow(WEB_URL_MESSAGES.httpOnly);
    expect(await websiteOf(showId)).toBe('https://ada.example.com/');
  });

  it('a javascript: website stored before the rule is left out of the feed instead of linked', async () => {
    const em = orm.em.fork();
    const show = await em.findOneOrFail(PodcastSchema, { id: showId });
    show.websiteUrl = 'javascript:alert(1)';
    await em.flush();
    const xml = await (await fetch(`${api.baseUrl}/feeds/${showId}.xml`)).text();
    expect(xml).not.toContain('javascript:');
    expect(xml).toContain(`<link>http://localhost:3000/podcasts/${showId}</link>`);
    show.websiteUrl = 'https://ada.example.com/';
    await em.flush();
  });
});
