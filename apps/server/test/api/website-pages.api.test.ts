/**
 * The served show website: the page parsed as a browser would (parse5), creator text sanitized and
 * escaped in the body, the meta tags and the JSON-LD, players pointing at audio this server serves,
 * theme contrast computed from the page's own colours, size, sitemap, the owner-only draft preview;
 * and Host routing with two users' sites and the app on one server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { z } from 'zod';
import { MIN_TEXT_CONTRAST, WEBSITE_MESSAGES, contrastRatio } from '@ppp/contracts';
import { closeApiBed, startUsersBed } from '../support/api-bed.ts';
import { type TestServer } from '../support/http.ts';
import { tempDir } from '../support/audio-files.ts';
import { seedAssembledEpisode, seedShow } from '../support/episodes.ts';
import { getWithHost, twoColourCover } from '../support/website.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';
import { WebsiteSchema } from '../../src/domain/website/website.entity.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const NAME = 'Tom & Jerry\'s "Garden" </script><b>';
const PUBLIC = 'http://localhost:3000';

let orm: MikroORM;
let api: TestServer;
let storage: { dir: string; remove: () => void };
let files: { dir: string; remove: () => void };
let owner: { token: string; id: string };
let other: { token: string; id: string };
let showId: string;
let otherShowId: string;
let episodeId: string;
let subdomain: string;

function elements(node: Node, tag?: string): Element[] {
  const found: Element[] = [];
  const walk = (n: Node) => {
    if ('tagName' in n && (!tag || n.tagName === tag)) found.push(n);
    if ('childNodes' in n) n.childNodes.forEach(walk);
    if ('content' in n && n.content) n.content.childNodes.forEach(walk);
  };
  walk(node);
  return found;
}
const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value ?? null;
function text(node: Node): string {
  if (node.nodeName === '#text' && 'value' in node) return node.value;
  return 'childNodes' in node ? node.childNodes.map(text).join('') : '';
}
const meta = (doc: Node, key: string) => elements(doc, 'meta').find((m) => attr(m, 'property') === key || attr(m, 'name') === key) ?? null;

async function publishSite(token: string, podcastId: string): Promise<string> {
  const generated = await api.request('POST', `/api/podcasts/${podcastId}/website`, { token });
  expect(generated.status, generated.text).toBe(200);
  const published = await api.request('POST', `/api/podcasts/${podcastId}/website/publish`, { token });
  expect(published.status, published.text).toBe(200);
  return z.object({ subdomain: z.string() }).parse(published.body).subdomain;
}

beforeAll(async () => {
  files = tempDir('ppp-site-pages-files-');
  ({ orm, api, storage, user: owner, admin: other } = await startUsersBed('ppp-site-pages-storage-', { SITES_BASE_DOMAIN: 'sites.test' }));
  const store = new LocalStorage(storage.dir);
  showId = await seedShow(orm, store, owner.id, NAME, await twoColourCover(files.dir));
  const em = orm.em.fork();
  const show = await em.findOneOrFail(PodcastSchema, { id: showId });
  show.description =
    '<p onclick="steal()">Real <em>gardening</em> talk.</p><script>document.cookie</script><iframe src="https://x.example"></iframe>';
  await em.flush();
  const episode = await seedAssembledEpisode(
    orm,
    store,
    files.dir,
    { userId: owner.id, podcastId: showId },
    {
      title: 'Episode <one> & "more"',
      status: 'published',
      publishAt: new Date(Date.now() - 86_400_000),
    },
  );
  episodeId = episode.id;
  await seedAssembledEpisode(
    orm,
    store,
    files.dir,
    { userId: owner.id, podcastId: showId },
    { title: 'Not yet published', status: 'processed' },
  );
  subdomain = await publishSite(owner.token, showId);
  otherShowId = await seedShow(orm, store, other.id, 'The Admin Hour', null);
});
afterAll(async () => {
  await closeApiBed({ api, orm, storage });
  files?.remove();
});

describe('the published page', () => {
  let html: string;
  let doc: DefaultTreeAdapterMap['document'];
  beforeAll(async () => {
    const res = await api.request('GET', `/sites/${subdomain}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    html = res.text;
    doc = parse(html);
  });

  it('is small, has no script besides its JSON-LD, and links its feed', async () => {
    expect(Buffer.byteLength(html)).toBeLessThan(50_000);
    const scripts = elements(doc, 'script');
    expect(scripts.map((s) => attr(s, 'type'))).toEqual(['application/ld+json']);
    expect(elements(doc, 'link').find((l) => attr(l, 'rel') === 'alternate')).toMatchObject({
      attrs: expect.arrayContaining([{ name: 'href', value: `${PUBLIC}/feeds/${showId}.xml` }]),
    });
    expect(elements(doc, 'iframe')).toEqual([]);
  });

  it('keeps creator text as text: escaped in the body, the meta tags and the JSON-LD', () => {
    const h1 = elements(doc, 'h1');
    expect(h1).toHaveLength(1);
    expect(text(h1[0]!)).toBe(NAME);
    expect(elements(doc, 'b')).toEqual([]);
    expect(attr(meta(doc, 'og:title')!, 'content')).toBe(NAME);
    expect(attr(meta(doc, 'twitter:title')!, 'content')).toBe(NAME);
    expect(text(elements(doc, 'title')[0]!)).toBe(NAME);
    const ld = JSON.parse(text(elements(doc, 'script')[0]!)) as Record<string, unknown>;
    expect(ld).toMatchObject({
      '@type': 'PodcastSeries',
      name: NAME,
      webFeed: `${PUBLIC}/feeds/${showId}.xml`,
      url: `http://${subdomain}.sites.test:3000/`,
    });
    expect(html).not.toContain('</script><b>');
  });

  it('sanitizes the about text: formatting kept, handlers and embeds gone', () => {
    const about = elements(doc, 'section').find((s) => attr(s, 'id') === 'about')!;
    expect(text(about)).toContain('Real gardening talk.');
    expect(elements(about, 'em')).toHaveLength(1);
    expect(html).not.toMatch(/onclick|document\.cookie|steal\(\)/);
  });

  it('is accessible: language, landmarks, alt text, labelled players', () => {
    expect(attr(elements(doc, 'html')[0]!, 'lang')).toBe('en');
    for (const tag of ['header', 'nav', 'main', 'footer']) expect(elements(doc, tag).length, tag).toBeGreaterThan(0);
    for (const img of elements(doc, 'img')) expect(attr(img, 'alt')).toBeTruthy();
    for (const audio of elements(doc, 'audio')) expect(attr(audio, 'aria-label')).toMatch(/^Play /);
  });

  it('plays each live episode from the built-in host, whose URL serves the audio', async () => {
    const sources = elements(doc, 'source');
    expect(sources).toHaveLength(1);
    const src = attr(sources[0]!, 'src')!;
    expect(src).toBe(`${PUBLIC}/feeds/${showId}/episodes/${episodeId}.mp3`);
    expect(html).not.toContain('Not yet published');
    const audio = await fetch(`${api.baseUrl}${src.replace(PUBLIC, '')}`, { headers: { range: 'bytes=0-99' } });
    expect(audio.status).toBe(206);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
  });

  it('has every text colour at 4.5:1 or more against its background, computed from the page', () => {
    const css = text(elements(doc, 'style')[0]!);
    const vars = Object.fromEntries([...css.matchAll(/--([a-z-]+):(#[0-9a-f]{6})/g)].map((m) => [m[1], m[2]]));
    const pairs: [string, string][] = [
      ['primary', 'on-primary'],
      ['secondary', 'on-secondary'],
      ['accent', 'on-accent'],
      ['page', 'text'],
      ['page', 'muted'],
      ['page', 'link'],
    ];
    for (const [bg, fg] of pairs) {
      expect(vars[bg], bg).toMatch(/^#/);
      expect(contrastRatio(vars[bg]!, vars[fg]!), `${fg} on ${bg}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });

  it('has a sitemap naming the canonical address', async () => {
    const res = await api.request('GET', `/sites/${subdomain}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<loc>http://${subdomain}.sites.test:3000/</loc>`);
  });
});

describe('drafts', () => {
  it('are visible to their owner only, through the session', async () => {
    await api.request('POST', `/api/podcasts/${otherShowId}/website`, { token: other.token });
    const draft = z
      .object({ subdomain: z.string() })
      .parse((await api.request('GET', `/api/podcasts/${otherShowId}/website`, { token: other.token })).body);
    expect((await api.request('GET', `/sites/${draft.subdomain}/`)).status).toBe(404);
    const preview = await api.request('GET', `/api/podcasts/${otherShowId}/website/preview`, { token: other.token });
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('Draft preview');
    expect(preview.text).toContain('noindex');
    expect((await api.request('GET', `/api/podcasts/${otherShowId}/website/preview`)).status).toBe(401);
    expect((await api.request('GET', `/api/podcasts/${otherShowId}/website/preview`, { token: owner.token })).status).toBe(404);
  });

  it('a published site’s preview says whether it holds unpublished changes', async () => {
    const preview = async () => (await api.request('GET', `/api/podcasts/${showId}/website/preview`, { token: owner.token })).text;
    expect(await preview()).toContain(WEBSITE_MESSAGES.previewPublished);
    const changed = await api.request('POST', `/api/podcasts/${showId}/website/chat`, {
      token: owner.token,
      json: { message: 'show 7 episodes' },
    });
    expect(changed.status, changed.text).toBe(200);
    const updating = await preview();
    expect(updating).toContain(WEBSITE_MESSAGES.previewUpdating);
    expect(updating).not.toContain('Draft preview');
    expect((await api.request('POST', `/api/podcasts/${showId}/website/undo`, { token: owner.token })).status).toBe(200);
    expect(await preview()).toContain(WEBSITE_MESSAGES.previewPublished);
  });
});

describe('Host routing: two users’ sites and the app on one server', () => {
  it('serves each site at its subdomain and its custom domain, only that site', async () => {
    await api.request('PATCH', `/api/admin/users/${other.id}`, { token: other.token, json: { tier: 'enterprise' } });
    const otherSub = await publishSite(other.token, otherShowId);
    const domain = await api.request('PATCH', `/api/podcasts/${otherShowId}/website/domain`, {
      token: other.token,
      json: { custom_domain: 'www.adminhour.example' },
    });
    expect(domain.status, domain.text).toBe(200);
    // Proven as custom-domains.api.test.ts does through a resolver stand-in (issue 35: only a verified domain serves).
    await orm.em.fork().nativeUpdate(WebsiteSchema, { customDomain: 'www.adminhour.example' }, { domainState: 'verified' });

    const mine = await getWithHost(api.baseUrl, '/', `${subdomain}.sites.test:3000`);
    expect(mine.status).toBe(200);
    expect(text(elements(parse(mine.body), 'h1')[0]!)).toBe(NAME);
    const theirs = await getWithHost(api.baseUrl, '/', 'www.adminhour.example');
    expect(text(elements(parse(theirs.body), 'h1')[0]!)).toBe('The Admin Hour');
    expect((await getWithHost(api.baseUrl, '/', `${otherSub}.sites.test`)).body).toContain('The Admin Hour');
    expect((await getWithHost(api.baseUrl, '/sitemap.xml', 'www.adminhour.example')).body).toContain(
      '<loc>http://www.adminhour.example/</loc>',
    );

    // A site's host never answers with the app or another site.
    for (const path of ['/api/health', '/trpc/users.me', '/dashboard', `/sites/${subdomain}/`, '/feeds/x.xml']) {
      const res = await getWithHost(api.baseUrl, path, 'www.adminhour.example');
      expect(res.status, path).toBe(404);
      expect(res.type, path).toContain('text/html');
      expect(res.body, path).not.toContain(NAME);
    }
    expect((await getWithHost(api.baseUrl, '/', 'nobody.sites.test')).status).toBe(404);
    expect((await getWithHost(api.baseUrl, '/api/health', 'nobody.sites.test')).status).toBe(404);
  });

  it('gives the app to its own host and to unknown hosts', async () => {
    for (const host of ['localhost:3000', 'unknown.example', '127.0.0.1']) {
      const res = await getWithHost(api.baseUrl, '/api/health', host);
      expect(res.status, host).toBe(200);
      expect(res.type, host).toContain('application/json');
    }
  });
});

describe("the installation's robots.txt and sitemap (issue 38)", () => {
  it('asks crawlers to keep out of the API and the app, and lists the public pages and the published site, not the app', async () => {
    const robots = await api.request('GET', '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toContain('text/plain');
    expect(robots.text).toContain('Disallow: /api/');
    expect(robots.text).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(robots.text).not.toContain('<html');
    const sitemap = await api.request('GET', '/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    const locs = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toContain('http://localhost:3000/');
    expect(locs).toContain('http://localhost:3000/pricing');
    expect(locs).toContain(`http://localhost:3000/sites/${subdomain}`);
    // The admin's show has no site: nothing of it is listed.
    expect(sitemap.text).not.toContain('adminhour');
  });
});
