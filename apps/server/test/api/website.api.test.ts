/**
 * The website builder's calls over REST and tRPC (spec 002 §7 'Website builder'): generate with the
 * built-in engine, each plain chat request it understands, undo, restore, publish, the domain rules by
 * tier and uniqueness, another user's show 404, and the chat-model path against a stand-in
 * OpenAI-compatible server (valid JSON, invalid JSON then valid, invalid twice).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { MIN_TEXT_CONTRAST, WEBSITE_MESSAGES, contrastRatio, inkFor, type TWebsiteLayout } from '@ppp/contracts';
import { closeApiBed, startUsersBed } from '../support/api-bed.ts';
import { errorOf, startTestServer, type TestServer } from '../support/http.ts';
import { startProviderServer, type ProviderServer } from '../support/provider-server.ts';
import { tempDir } from '../support/audio-files.ts';
import { seedAssembledEpisode, seedShow } from '../support/episodes.ts';
import { twoColourCover } from '../support/website.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';

const ZLayout = z.object({
  theme: z.object({ primary: z.string(), secondary: z.string(), accent: z.string() }),
  hero_title: z.string(),
  hero_subtitle: z.string(),
  hero_image_url: z.string().nullable(),
  about: z.object({ heading: z.string(), body: z.string() }),
  episodes: z.object({ heading: z.string(), count: z.number() }),
  additional_sections: z.array(z.object({ id: z.string(), heading: z.string(), body: z.string() })),
  hosts: z.array(z.object({ name: z.string(), role: z.string() })),
  subscribe: z.object({ heading: z.string(), links: z.array(z.object({ platform: z.string(), label: z.string(), url: z.string() })) }),
  call_to_action: z.object({ heading: z.string(), button_url: z.string() }).nullable(),
  section_order: z.array(z.string()),
  section_suggestions: z.array(z.object({ title: z.string(), message: z.string() })),
});
const ZSite = z.object({
  podcast_id: z.string(),
  status: z.enum(['draft', 'published', 'updating']),
  layout: ZLayout,
  custom_domain: z.string().nullable(),
  default_domain: z.string().nullable(),
  subdomain: z.string(),
  last_generated_at: z.string().nullable(),
  public_url: z.string(),
  version: z.number(),
  can_undo: z.boolean(),
  custom_domain_allowed: z.boolean(),
  cname_target: z.string(),
  engine: z.enum(['model', 'builtin']),
});
const ZChat = ZSite.extend({ reply: z.string(), changed: z.boolean() });
const ZVersions = z.object({
  items: z.array(
    z.object({ version: z.number(), action: z.string(), message: z.string().nullable(), current: z.boolean(), published: z.boolean() }),
  ),
});

let orm: MikroORM;
let api: TestServer;
let chatModel: ProviderServer;
let modelApi: TestServer;
let storage: { dir: string; remove: () => void };
let files: { dir: string; remove: () => void };
let owner: { token: string; id: string };
let other: { token: string; id: string };
let showId: string;
let otherShowId: string;
/** What the stand-in model answers next, in order (the last one repeats). */
let modelAnswers: string[] = [];

const site = (path = '') => `/api/podcasts/${showId}/website${path}`;
async function call(method: string, path: string, json?: unknown, token = owner.token) {
  return api.request(method, path, { token, ...(json === undefined ? {} : { json }) });
}
async function chat(message: string) {
  const res = await call('POST', site('/chat'), { message });
  expect(res.status, res.text).toBe(200);
  return ZChat.parse(res.body);
}
async function versions() {
  return ZVersions.parse((await call('GET', site('/versions'))).body).items;
}

beforeAll(async () => {
  files = tempDir('ppp-website-files-');
  let databaseUrl: string;
  // The owner is the second (non-admin) account, on the free tier; the admin is the other user.
  ({ orm, api, databaseUrl, storage, user: owner, admin: other } = await startUsersBed('ppp-website-storage-'));
  const store = new LocalStorage(storage.dir);
  showId = await seedShow(orm, store, owner.id, 'Green Thumb Radio', await twoColourCover(files.dir));
  const em = orm.em.fork();
  const show = await em.findOneOrFail(PodcastSchema, { id: showId });
  show.description =
    '<p>Weekly talk about <strong>home composting</strong> and city gardens.</p><script>alert(1)</script><p>With Ada and guests.</p>';
  show.ownerName = 'Grace Producer';
  await em.flush();
  const now = Date.now();
  for (const [i, title] of ['Worm bins', 'Winter compost', 'Balcony tomatoes'].entries()) {
    await seedAssembledEpisode(
      orm,
      store,
      files.dir,
      { userId: owner.id, podcastId: showId },
      {
        title,
        status: 'published',
        publishAt: new Date(now - (i + 1) * 86_400_000),
      },
    );
  }
  otherShowId = await seedShow(orm, store, other.id, 'Admin Show', null);
  const checklist = await call('PUT', `/api/podcasts/${showId}/distribution/checklist/apple_podcasts`, {
    status: 'completed',
    notes: 'Listed at https://podcasts.apple.com/us/podcast/green-thumb-radio/id123456789 since May',
  });
  expect(checklist.status, checklist.text).toBe(200);

  chatModel = await startProviderServer((req, res) => {
    if (req.method !== 'POST' || req.path !== '/v1/chat/completions') return res.json(404, { error: { message: 'not found' } });
    const content = modelAnswers.length > 1 ? (modelAnswers.shift() ?? '') : (modelAnswers[0] ?? '');
    return res.json(200, {
      id: 'chatcmpl-site',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    });
  });
  modelApi = await startTestServer(orm, databaseUrl, {
    STORAGE_DIR: storage.dir,
    OPENAI_CHAT_MODEL: 'llama3.1',
    OPENAI_CHAT_BASE_URL: `${chatModel.baseUrl}/v1`,
  });
});
afterAll(async () => {
  await modelApi?.close();
  await closeApiBed({ api, orm, storage });
  await chatModel?.close();
  files?.remove();
});

describe('generate with the built-in engine', () => {
  it('answers 404 (no site yet) before the first generate', async () => {
    const res = await call('GET', site());
    expect(errorOf(res)).toMatchObject({ status: 404, detail: WEBSITE_MESSAGES.notFound });
  });

  it('writes a complete draft from the show: hero, readable cover colours, sanitized about, episodes, hosts, subscribe links, suggestions', async () => {
    const res = await call('POST', site());
    expect(res.status, res.text).toBe(200);
    const website = ZSite.parse(res.body);
    expect(website).toMatchObject({ status: 'draft', subdomain: 'green-thumb-radio', version: 1, can_undo: false, engine: 'builtin' });
    expect(website.public_url).toBe('http://localhost:3000/sites/green-thumb-radio/');
    const { layout } = website;
    expect(layout.hero_title).toBe('Green Thumb Radio');
    expect(layout.hero_subtitle).toBe('Weekly talk about home composting and city gardens.');
    expect(layout.hero_image_url).toMatch(new RegExp(`^http://localhost:3000/feeds/${showId}/cover\\.png`));
    expect(layout.about.body).toContain('<strong>home composting</strong>');
    expect(layout.about.body).not.toMatch(/script|alert/);
    expect(layout.hosts).toEqual([
      { name: 'Ada', role: 'Host' },
      { name: 'Grace Producer', role: 'Producer' },
    ]);
    expect(layout.subscribe.links).toEqual([
      { platform: 'rss', label: 'RSS feed', url: `http://localhost:3000/feeds/${showId}.xml` },
      { platform: 'apple_podcasts', label: 'Apple Podcasts', url: 'https://podcasts.apple.com/us/podcast/green-thumb-radio/id123456789' },
    ]);
    expect(layout.call_to_action?.button_url).toBe('https://podcasts.apple.com/us/podcast/green-thumb-radio/id123456789');
    expect(layout.section_order).toEqual(['about', 'episodes', 'hosts', 'subscribe', 'call_to_action']);
    expect(layout.section_suggestions.length).toBeGreaterThan(0);
    // The cover is teal with an orange disc: primary is the teal field, the accent the orange, each readable.
    const hue = (hex: string) => Number.parseInt(hex.slice(1, 3), 16) - Number.parseInt(hex.slice(5, 7), 16);
    expect(hue(layout.theme.primary)).toBeLessThan(0);
    expect(hue(layout.theme.accent)).toBeGreaterThan(100);
    for (const colour of Object.values(layout.theme))
      expect(contrastRatio(colour, inkFor(colour))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(await versions()).toEqual([{ version: 1, action: 'generate', message: null, current: true, published: false }]);
  });

  it('gives the same result over tRPC', async () => {
    const website = await api.trpc(owner.token).website.get.query({ podcast_id: showId });
    expect(website.layout.hero_title).toBe('Green Thumb Radio');
    expect(website.last_generated_at).toBeInstanceOf(Date);
  });
});

describe('chat with the built-in engine', () => {
  const layoutNow = async () => ZSite.parse((await call('GET', site())).body).layout;

  it('changes the title and the subtitle', async () => {
    let result = await chat('Change the title to "Green Thumb Radio Live"');
    expect(result).toMatchObject({ changed: true, reply: 'Changed the title to “Green Thumb Radio Live”.' });
    expect(result.layout.hero_title).toBe('Green Thumb Radio Live');
    result = await chat('set the subtitle to Dirt under the fingernails, every Tuesday');
    expect(result.layout.hero_subtitle).toBe('Dirt under the fingernails, every Tuesday');
    expect(result.layout.hero_title).toBe('Green Thumb Radio Live');
  });

  it('sets a colour by name and by hex, adjusted to stay readable', async () => {
    let result = await chat('Make the accent colour teal');
    expect(result.layout.theme.accent).toBe('#0f766e');
    expect(result.reply).toBe('Set the accent colour to teal (#0f766e).');
    result = await chat('primary colour #7a7a7a');
    const primary = result.layout.theme.primary;
    expect(primary).not.toBe('#7a7a7a');
    expect(contrastRatio(primary, inkFor(primary))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(result.reply).toContain(`I adjusted it to ${primary}`);
  });

  it('adds, moves and removes sections', async () => {
    let result = await chat('Add a section about our guests');
    expect(result.layout.additional_sections).toEqual([
      { id: 'custom-guests', heading: 'Guests', body: expect.stringContaining('Green Thumb Radio') },
    ]);
    expect(result.layout.section_order).toEqual(['about', 'episodes', 'hosts', 'custom-guests', 'subscribe', 'call_to_action']);
    result = await chat('Move the guests section to the top');
    expect(result.layout.section_order[0]).toBe('custom-guests');
    result = await chat('move episodes above about');
    expect(result.layout.section_order.slice(0, 3)).toEqual(['custom-guests', 'episodes', 'about']);
    result = await chat('Remove the hosts section');
    expect(result.layout.section_order).not.toContain('hosts');
    expect(result.reply).toBe('Removed the Hosts section.');
    result = await chat('add the hosts section');
    expect(result.layout.section_order.at(-1)).toBe('hosts');
  });

  it('takes the hero image away and uses the cover again', async () => {
    let result = await chat('Remove the hero image');
    expect(result.layout.hero_image_url).toBeNull();
    result = await chat('Use the cover as the hero image');
    expect(result.layout.hero_image_url).toMatch(/\/cover\.png/);
  });

  it('shows more or fewer episodes within the limits', async () => {
    expect((await chat('Show more episodes')).layout.episodes.count).toBe(9);
    expect((await chat('show fewer episodes')).layout.episodes.count).toBe(6);
    expect((await chat('Show 2 episodes')).layout.episodes.count).toBe(2);
    const result = await chat('show 500 episodes');
    expect(result.layout.episodes.count).toBe(24);
  });

  it('says plainly what it cannot do, and saves nothing', async () => {
    const before = (await versions()).length;
    const result = await chat('Write a poem about compost in the footer');
    expect(result).toMatchObject({ changed: false, reply: WEBSITE_MESSAGES.notUnderstood });
    expect(await versions()).toHaveLength(before);
    const empty = await call('POST', site('/chat'), { message: '   ' });
    expect(errorOf(empty)).toMatchObject({ status: 422, detail: WEBSITE_MESSAGES.messageRequired });
  });

  it('undoes the last change, and restores an earlier version as a new one', async () => {
    const before = await layoutNow();
    await chat('Change the title to Something Else');
    const undone = ZSite.parse((await call('POST', site('/undo'))).body);
    expect(undone.layout).toEqual(before);
    const list = await versions();
    expect(list[0]?.message).toBe('Change the title to Something Else');
    expect(list.find((v) => v.current)?.version).toBe(undone.version);

    const restored = ZSite.parse((await call('POST', site('/versions/1/restore'))).body);
    expect(restored.layout.hero_title).toBe('Green Thumb Radio');
    expect(restored.layout.additional_sections).toEqual([]);
    expect((await versions())[0]).toMatchObject({ action: 'restore', message: 'Restore version 1', current: true });
    // Undo after a restore goes back to the state before it.
    expect(ZSite.parse((await call('POST', site('/undo'))).body).layout).toEqual(before);
    expect(errorOf(await call('POST', site('/versions/999/restore')))).toMatchObject({
      status: 404,
      detail: WEBSITE_MESSAGES.versionNotFound,
    });
  });
});

describe('publish', () => {
  it('puts the draft live; a later change leaves the live site alone and shows as updating', async () => {
    const draftTitle = (await layoutOf()).hero_title;
    expect((await api.request('GET', '/sites/green-thumb-radio/')).status).toBe(404);
    const published = ZSite.parse((await call('POST', site('/publish'))).body);
    expect(published.status).toBe('published');
    expect((await versions())[0]).toMatchObject({ action: 'publish', current: true, published: true });
    const live = await api.request('GET', '/sites/green-thumb-radio/');
    expect(live.status).toBe(200);
    expect(live.text).toContain(`<h1>${draftTitle}</h1>`);

    const changed = await chat('Change the title to Not Yet Live');
    expect(changed.status).toBe('updating');
    expect((await api.request('GET', '/sites/green-thumb-radio')).text).toContain(`<h1>${draftTitle}</h1>`);
    // The RSS feed's show link is the published site.
    const feed = await api.request('GET', `/feeds/${showId}.xml`);
    expect(feed.text).toContain('<link>http://localhost:3000/sites/green-thumb-radio/</link>');
    await call('POST', site('/undo'));
    expect(ZSite.parse((await call('GET', site())).body).status).toBe('published');
  });

  it('takes changes sent at the same moment one after another, or refuses one with 409 and saves nothing of it', async () => {
    const before = (await versions()).length;
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => (i % 2 ? call('POST', site('/publish')) : call('POST', site('/versions/1/restore')))),
    );
    for (const answer of answers) {
      if (answer.status !== 200) expect(errorOf(answer)).toMatchObject({ status: 409, detail: WEBSITE_MESSAGES.changedMeanwhile });
    }
    const saved = answers.filter((answer) => answer.status === 200).length;
    expect(saved).toBeGreaterThan(0);
    // One version per change that was taken, numbered without a gap or a repeat.
    const numbers = (await versions()).map((v) => v.version);
    expect(numbers).toHaveLength(before + saved);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(Math.max(...numbers)).toBe(numbers.length);
  });

  async function layoutOf(): Promise<TWebsiteLayout> {
    return ZSite.parse((await call('GET', site())).body).layout as TWebsiteLayout;
  }
});

describe('custom domain', () => {
  it('is refused on the free tier with the plan message, and allowed on pro', async () => {
    const refused = await call('PATCH', site('/domain'), { custom_domain: 'www.greenthumb.example' });
    expect(errorOf(refused)).toMatchObject({ status: 402, detail: WEBSITE_MESSAGES.customDomainPlan });
    expect(ZSite.parse((await call('GET', site())).body)).toMatchObject({ custom_domain: null, custom_domain_allowed: false });

    const upgraded = await api.request('PATCH', `/api/admin/users/${owner.id}`, { token: other.token, json: { tier: 'pro' } });
    expect(upgraded.status, upgraded.text).toBe(200);
    const set = ZSite.parse((await call('PATCH', site('/domain'), { custom_domain: ' WWW.GreenThumb.example. ' })).body);
    expect(set).toMatchObject({ custom_domain: 'www.greenthumb.example', custom_domain_allowed: true, cname_target: 'localhost' });
    // Issue 35: pending until proven (custom-domains.api.test.ts), so the site stays at its default address.
    expect(set.public_url).toBe('http://localhost:3000/sites/green-thumb-radio/');
  });

  it('refuses a malformed domain and the installation’s own host', async () => {
    expect(errorOf(await call('PATCH', site('/domain'), { custom_domain: 'http://x.example/path' }))).toMatchObject({
      status: 422,
      detail: WEBSITE_MESSAGES.domainInvalid,
    });
    expect(errorOf(await call('PATCH', site('/domain'), { custom_domain: 'localhost' }))).toMatchObject({ status: 422 });
  });

  it('claimed by two accounts stays pending for both until one proves it (issue 35: only a verified domain is refused to others)', async () => {
    await api.request('PATCH', `/api/admin/users/${other.id}`, { token: other.token, json: { tier: 'enterprise' } });
    const path = `/api/podcasts/${otherShowId}/website`;
    expect((await call('POST', path, undefined, other.token)).status).toBe(200);
    const second = await call('PATCH', `${path}/domain`, { custom_domain: 'www.greenthumb.example' }, other.token);
    expect(second.status, second.text).toBe(200);
    expect(second.body).toMatchObject({ custom_domain: 'www.greenthumb.example', domain_status: { state: 'pending' } });
  });

  it('blank clears it and the default address is used again', async () => {
    const cleared = ZSite.parse((await call('PATCH', site('/domain'), { custom_domain: '' })).body);
    expect(cleared).toMatchObject({ custom_domain: null, public_url: 'http://localhost:3000/sites/green-thumb-radio/' });
  });
});

describe("another user's show", () => {
  it('answers 404 on every website call and changes nothing', async () => {
    const path = `/api/podcasts/${showId}/website`;
    const before = await versions();
    const calls: [string, string, unknown?][] = [
      ['GET', path],
      ['POST', path],
      ['POST', `${path}/chat`, { message: 'Change the title to Mine' }],
      ['PATCH', `${path}/domain`, { custom_domain: 'stolen.example' }],
      ['POST', `${path}/publish`],
      ['GET', `${path}/versions`],
      ['POST', `${path}/undo`],
      ['POST', `${path}/versions/1/restore`],
      ['GET', `${path}/preview`],
    ];
    for (const [method, p, json] of calls) expect((await call(method, p, json, other.token)).status, `${method} ${p}`).toBe(404);
    await expect(api.trpc(other.token).website.preview.query({ podcast_id: showId })).rejects.toThrow();
    expect(await versions()).toEqual(before);
    expect((await call('GET', path, undefined, '')).status).toBe(401);
  });
});

describe('with an OpenAI-compatible chat model', () => {
  const modelLayout = (title: string) => ({
    theme: { primary: '#7a7a7a', secondary: '#f0fdf4', accent: '#15803d' },
    hero_title: title,
    hero_subtitle: 'Compost, seeds and city gardens.',
    hero_image_url: 'https://evil.example/tracker.png',
    about: { heading: 'About the show', body: '<p>Hello</p><img src=x onerror=alert(1)>' },
    episodes: { heading: 'Fresh episodes', count: 4 },
    additional_sections: [],
    hosts: [{ name: 'Ada', role: 'Host' }],
    subscribe: { heading: 'Listen', links: [{ platform: 'rss', label: 'RSS', url: `http://localhost:3000/feeds/${showId}.xml` }] },
    call_to_action: null,
    section_order: ['about', 'episodes', 'hosts', 'subscribe'],
    section_suggestions: [],
  });
  const modelCall = (method: string, path: string, json?: unknown) =>
    modelApi.request(method, path, { token: owner.token, ...(json === undefined ? {} : { json }) });

  it('generates from the model’s JSON, kept to the rules (readable colours, sanitized HTML, only the show’s cover)', async () => {
    modelAnswers = [JSON.stringify({ layout: modelLayout('Green Thumb Radio: grow it yourself'), reply: 'A fresh green design.' })];
    const res = await modelCall('POST', site());
    expect(res.status, res.text).toBe(200);
    const website = ZSite.parse(res.body);
    expect(website.engine).toBe('model');
    expect(website.layout.hero_title).toBe('Green Thumb Radio: grow it yourself');
    expect(website.layout.theme.primary).not.toBe('#7a7a7a');
    expect(contrastRatio(website.layout.theme.primary, inkFor(website.layout.theme.primary))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(website.layout.about.body).toBe('<p>Hello</p>');
    expect(website.layout.hero_image_url).toMatch(new RegExp(`^http://localhost:3000/feeds/${showId}/cover`));
    const prompt = String(JSON.parse(chatModel.received.at(-1)?.body ?? '{}').messages?.[1]?.content ?? '');
    expect(prompt).toContain('Green Thumb Radio');
  });

  it('retries once with the validation errors after invalid JSON, then succeeds', async () => {
    const before = chatModel.received.length;
    modelAnswers = ['{"layout": {"hero_title": ', JSON.stringify({ layout: modelLayout('Second try'), reply: 'Renamed it.' })];
    const res = await modelCall('POST', site('/chat'), { message: 'Give it a punchier title' });
    expect(res.status, res.text).toBe(200);
    expect(ZChat.parse(res.body)).toMatchObject({ changed: true, reply: 'Renamed it.', layout: { hero_title: 'Second try' } });
    expect(chatModel.received.length - before).toBe(2);
    const retry = JSON.parse(chatModel.received.at(-1)?.body ?? '{}').messages as { role: string; content: string }[];
    expect(retry.at(-1)?.content).toMatch(/does not fit the schema/);
  });

  it('says Unable to generate / update site when the model answers invalid JSON twice, and saves nothing', async () => {
    const before = await versions();
    modelAnswers = ['{"layout": {"theme": "green"}}'];
    expect(errorOf(await modelCall('POST', site('/chat'), { message: 'Anything' }))).toMatchObject({
      status: 502,
      detail: WEBSITE_MESSAGES.updateFailed,
    });
    modelAnswers = ['not json at all'];
    expect(errorOf(await modelCall('POST', site()))).toMatchObject({ status: 502, detail: WEBSITE_MESSAGES.generateFailed });
    expect(await versions()).toEqual(before);
  });
});
