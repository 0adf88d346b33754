/**
 * Teams (issue 34), what a member sees and what their work costs: a member of two workspaces sees
 * each one's episodes, templates and figures only under it; a member given one show sees that show
 * alone with totals to match; a tRPC batch mixing workspaces leaks nothing of a third; an upload over
 * tus acts in the workspace its header names; the minutes of an episode an editor assembles in the
 * owner's show are the owner's; and the show's team members get its 'Episode published' and
 * 'Assembly failed' notices. No worker runs: the assembly job stays queued.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ASSEMBLY_FAILED_NOTICE, PUBLISHED_NOTICE, TEAM_MESSAGES, ZUsage } from '@ppp/contracts';
import { AbDraftSchema } from '../../src/domain/ab-workspace/ab-draft.entity.ts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import { MediaItemSchema } from '../../src/domain/media/media-item.entity.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { closeApiBed, createTemplate, startApiBed, type ApiBed } from '../support/api-bed.ts';
import { tempDir, toneFile } from '../support/audio-files.ts';
import { emptyTemplateRow, mediaItemRow, seedAssembledEpisode, seedShow } from '../support/episodes.ts';
import { servicesFor } from '../support/fixtures.ts';
import { approvedUser, type TestUser } from '../support/http.ts';
import { addMember, inWorkspaceOf, makeEnterprise, teamPeople, type TeamPeople } from '../support/team.ts';

let bed: ApiBed;
let storage: ReturnType<typeof tempDir>;
let files: LocalStorage;
let people: TeamPeople;
/** A second workspace the editor is a viewer in, and a member of the owner's given show A only. */
let other: TestUser;
let limited: TestUser;
const shows = { a: '', b: '', editor: '', other: '', outsider: '' };
const episodes = { a: '', b: '', editor: '', other: '' };
const templates = { a: '', b: '', editor: '', other: '' };

const ZPage = z.object({ items: z.array(z.object({ id: z.string() })), total: z.number() });
const ZIds = z.array(z.object({ id: z.string() }));
const ZStats = z.object({ show_count: z.number(), total_episodes: z.number(), template_count: z.number() });

/** A show of `userId` with an episode and a template in it. */
async function showWithWork(userId: string, label: string): Promise<{ show: string; episode: string; template: string }> {
  const show = await seedShow(bed.orm, files, userId, `Show ${label}`, null);
  const episode = await seedAssembledEpisode(
    bed.orm,
    files,
    storage.dir,
    { userId, podcastId: show },
    { title: `Episode ${label}`, withAudio: false },
  );
  const em = bed.orm.em.fork();
  const template = emptyTemplateRow(em, userId, `Template ${label}`);
  template.podcast = show as never;
  await em.flush();
  return { show, episode: episode.id, template: template.id };
}

beforeAll(async () => {
  storage = tempDir('team-workspaces');
  files = new LocalStorage(storage.dir);
  bed = await startApiBed({ STORAGE_DIR: storage.dir });
  people = await teamPeople(bed.api, bed.orm);
  other = await approvedUser(bed.api, people.instanceAdmin.token, 'second-owner');
  limited = await approvedUser(bed.api, people.instanceAdmin.token, 'limited-editor');
  await makeEnterprise(bed.orm, other.id);
  await addMember(bed.orm, other.id, people.editor.id, 'viewer');
  const a = await showWithWork(people.owner.id, 'A');
  const b = await showWithWork(people.owner.id, 'B');
  const mine = await showWithWork(people.editor.id, 'Editor');
  const theirs = await showWithWork(other.id, 'Other');
  shows.outsider = (await showWithWork(people.outsider.id, 'Outsider')).show;
  Object.assign(shows, { a: a.show, b: b.show, editor: mine.show, other: theirs.show });
  Object.assign(episodes, { a: a.episode, b: b.episode, editor: mine.episode, other: theirs.episode });
  Object.assign(templates, { a: a.template, b: b.template, editor: mine.template, other: theirs.template });
  await addMember(bed.orm, people.owner.id, limited.id, 'editor', [shows.a]);
}, 180_000);

afterAll(async () => {
  await closeApiBed({ ...bed, storage });
});

/** A GET's JSON (plain fetch: the seeded templates are rows with nothing in them, not what the API writes). */
const get = async (token: string, path: string, headers: Record<string, string> = {}): Promise<unknown> => {
  const res = await fetch(`${bed.api.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
  const text = await res.text();
  expect(res.status, `${path}: ${text}`).toBe(200);
  return JSON.parse(text);
};
const ids = (list: { id: string }[]) => list.map((item) => item.id).sort();

describe('a member of two workspaces', () => {
  it("sees each one's episodes, templates and figures only under it, and their own without the header", async () => {
    const editor = people.editor.token;
    const cases = [
      { headers: inWorkspaceOf(people.owner), episodes: [episodes.a, episodes.b], templates: [templates.a, templates.b], shows: 2 },
      { headers: inWorkspaceOf(other), episodes: [episodes.other], templates: [templates.other], shows: 1 },
      { headers: {}, episodes: [episodes.editor], templates: [templates.editor], shows: 1 },
    ];
    for (const expected of cases) {
      const page = ZPage.parse(await get(editor, '/api/episodes/', expected.headers));
      expect(ids(page.items)).toEqual([...expected.episodes].sort());
      expect(page.total).toBe(expected.episodes.length);
      const listed = ZIds.parse(await get(editor, '/api/templates/', expected.headers));
      expect(ids(listed)).toEqual([...expected.templates].sort());
      expect(ZStats.parse(await get(editor, '/api/dashboard/stats', expected.headers)).show_count).toBe(expected.shows);
    }
    // A viewer there, an editor here: the second workspace refuses a change the first allows.
    const refused = await bed.api.request('PATCH', `/api/episodes/${episodes.other}`, { token: editor, json: { title: 'Mine now' } });
    expect(refused.status).toBe(403);
    const allowed = await bed.api.request('PATCH', `/api/episodes/${episodes.a}`, {
      token: editor,
      json: { title: 'Edited by the editor' },
    });
    expect(allowed.status).toBe(200);
  });
});

describe('a member given one show', () => {
  it("sees that show's episodes, templates and figures only, with totals to match", async () => {
    const header = inWorkspaceOf(people.owner);
    const page = ZPage.parse(await get(limited.token, '/api/episodes/?limit=1', header));
    expect(ids(page.items)).toEqual([episodes.a]);
    expect(page.total).toBe(1);
    expect(ids(ZIds.parse(await get(limited.token, '/api/templates/', header)))).toEqual([templates.a]);
    expect(ZStats.parse(await get(limited.token, '/api/dashboard/stats', header))).toMatchObject({
      show_count: 1,
      total_episodes: 1,
      template_count: 1,
    });
    expect(ids(ZIds.parse(await get(limited.token, '/api/podcasts/', header)))).toEqual([shows.a]);
    // The other show's episode is not theirs to find.
    expect((await bed.api.request('GET', `/api/episodes/${episodes.b}`, { token: limited.token })).status).toBe(404);
    const trpc = await fetch(`${bed.api.baseUrl}/trpc/episodes.page?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`, {
      headers: { authorization: `Bearer ${limited.token}`, ...header },
    });
    const body = z.object({ result: z.object({ data: z.object({ json: ZPage }) }) }).parse(await trpc.json());
    expect(ids(body.result.data.json.items)).toEqual([episodes.a]);
  });

  it('finds nothing of the other show when it names it in a filter, a new template or an /ab draft, and changes nothing', async () => {
    const header = inWorkspaceOf(people.owner);
    const as = { token: limited.token, headers: header };
    expect((await bed.api.request('GET', `/api/episodes/?podcast_id=${shows.b}`, as)).status).toBe(404);
    expect((await bed.api.request('GET', `/api/episodes/?podcast_id=${shows.a}`, as)).status).toBe(200);
    const body = {
      name: 'Into B',
      podcast_id: shows.b,
      segments: [{ id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } }],
    };
    // Named as the template's show, the other show is looked for among the member's own: the answer an outsider gets.
    const template = await bed.api.request('POST', '/api/templates/', { ...as, json: body });
    const stranger = await bed.api.request('POST', '/api/templates/', { token: people.outsider.token, json: body });
    expect([template.status, template.body]).toEqual([stranger.status, stranger.body]);
    expect(template.status).toBeGreaterThanOrEqual(400);
    // An /ab draft of each show: the given show's is theirs to read, the other's is not found, by REST and tRPC.
    const em = bed.orm.em.fork();
    const draftOf = (show: string, label: string) =>
      em.create(AbDraftSchema, {
        user: people.owner.id,
        upload: mediaItemRow(em, people.owner.id, `ab-${label}`, { status: 'ready', durationSeconds: 3, transcriptReady: true }),
        podcast: show,
      });
    const drafts = { a: draftOf(shows.a, 'limited-a'), b: draftOf(shows.b, 'limited-b') };
    await em.flush();
    expect((await bed.api.request('GET', `/ab/drafts/${drafts.a.id}/status`, as)).status).toBe(200);
    expect((await bed.api.request('GET', `/ab/drafts/${drafts.b.id}/status`, as)).status).toBe(404);
    expect((await bed.api.request('DELETE', `/ab/drafts/${drafts.b.id}`, as)).status).toBe(404);
    const renamed = await bed.api.request('PATCH', `/ab/drafts/${drafts.b.id}`, { ...as, json: { title: 'Taken' } });
    expect(renamed.status).toBe(404);
    const left = await bed.orm.em.fork().findOneOrFail(AbDraftSchema, drafts.b.id);
    expect(left.title).toBe('');
    expect(ZIds.parse(await get(people.owner.token, '/api/templates/')).length).toBe(2);
  });
});

describe('a tRPC batch mixing workspaces', () => {
  it('answers each call in its own workspace and leaks nothing of a third', async () => {
    const calls = [shows.editor, shows.a, shows.outsider, shows.other];
    const input = Object.fromEntries(calls.map((id, i) => [String(i), { json: { id } }]));
    const res = await fetch(
      `${bed.api.baseUrl}/trpc/${calls.map(() => 'podcasts.get').join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
      { headers: { authorization: `Bearer ${people.editor.token}` } },
    );
    const text = await res.text();
    const answers = z
      .array(
        z.union([
          z.object({ result: z.object({ data: z.object({ json: z.object({ id: z.string(), name: z.string() }) }) }) }),
          z.object({ error: z.object({ json: z.object({ data: z.object({ httpStatus: z.number() }) }) }) }),
        ]),
      )
      .parse(JSON.parse(text));
    const found = answers.map((a) => ('result' in a ? a.result.data.json.id : a.error.json.data.httpStatus));
    expect(found).toEqual([shows.editor, shows.a, 404, shows.other]);
    expect(text).not.toContain('Show Outsider');

    // A change in the same batch as a read: the third's show is not removed, the owner's not changed by a viewer.
    const mutations = [
      { path: 'podcasts.delete', input: { id: shows.outsider } },
      { path: 'episodes.update', input: { id: episodes.other, title: 'Viewer edit' } },
      { path: 'episodes.update', input: { id: episodes.editor, title: 'My own edit' } },
    ];
    const batch = await fetch(`${bed.api.baseUrl}/trpc/${mutations.map((m) => m.path).join(',')}?batch=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${people.editor.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(Object.fromEntries(mutations.map((m, i) => [String(i), { json: m.input }]))),
    });
    const statuses = z
      .array(
        z
          .object({ error: z.object({ json: z.object({ data: z.object({ httpStatus: z.number() }) }) }) })
          .or(z.object({ result: z.unknown() })),
      )
      .parse(await batch.json())
      .map((a) => ('error' in a ? a.error.json.data.httpStatus : 200));
    expect(statuses).toEqual([404, 403, 200]);
    const em = bed.orm.em.fork();
    expect(await em.count(EpisodeSchema, { podcast: shows.outsider })).toBe(1);
    expect((await em.findOneOrFail(EpisodeSchema, { id: episodes.other })).title).toBe('Episode Other');
  });
});

describe('uploads over tus', () => {
  it("act in the workspace the header names: the editor's upload is the owner's, a viewer's is refused", async () => {
    const data = readFileSync(toneFile(storage.dir, 'team-intro.wav', 1));
    const create = (token: string) =>
      fetch(`${bed.api.baseUrl}/files/`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'tus-resumable': '1.0.0',
          'upload-length': String(data.length),
          'upload-metadata': `filename ${Buffer.from('team-intro.wav').toString('base64')},category ${Buffer.from('intro').toString('base64')}`,
          ...inWorkspaceOf(people.owner),
        },
      });
    const refused = await create(people.viewer.token);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe(TEAM_MESSAGES.roleForbids('viewer', 'edit'));
    const created = await create(people.editor.token);
    expect(created.status).toBe(201);
    const id = (created.headers.get('location') ?? '').split('/').pop() ?? '';
    const patch = (headers: Record<string, string>) =>
      fetch(`${bed.api.baseUrl}/files/${id}`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${people.editor.token}`,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          ...headers,
        },
        body: new Uint8Array(data),
      });
    // Without the header the editor acts in their own workspace, where the upload is not.
    expect((await patch({})).status).toBe(404);
    expect((await patch(inWorkspaceOf(people.owner))).ok).toBe(true);
    const item = await bed.orm.em.fork().findOneOrFail(MediaItemSchema, { originalName: 'team-intro.wav' });
    expect(item.user.id).toBe(people.owner.id);
  });
});

describe('money', () => {
  it("charges the minutes of an episode the editor assembles in the owner's show to the owner", async () => {
    const em = bed.orm.em.fork();
    const intro = 'team-intro-10.wav';
    await files.putFile(`users/${people.owner.id}/media/${intro}`, toneFile(storage.dir, intro, 10));
    const item = (filename: string, category: string, seconds: number, extra: object = {}) =>
      em.create(MediaItemSchema, {
        user: people.owner.id,
        category,
        friendlyName: filename,
        originalName: filename,
        filename,
        storageKey: `users/${people.owner.id}/media/${filename}`,
        contentType: 'audio/wav',
        sizeBytes: 1000,
        durationSeconds: seconds,
        ...extra,
      });
    item(intro, 'intro', 10);
    const none = { count: 0, matches: [] };
    const detection = { flubber: none, intern: none, sfx: none, fillers: none, pauses: none, censored: none };
    const upload = item('team-talk.wav', 'main_content', 110, { status: 'ready', transcriptReady: true, detection });
    await em.flush();
    const template = await createTemplate(bed.api, people.owner.token, {
      name: 'Team template',
      podcast_id: shows.a,
      segments: [
        { id: 'intro', segment_type: 'intro', source: { source_type: 'static', filename: intro } },
        { id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } },
      ],
    });
    const usageOf = async (token: string) => ZUsage.parse(await get(token, '/api/billing/usage'));
    const [ownerBefore, editorBefore] = [await usageOf(people.owner.token), await usageOf(people.editor.token)];
    const res = await bed.api.request('POST', '/api/episodes/assemble', {
      token: people.editor.token,
      json: {
        template_id: template,
        main_content_filename: upload.filename,
        episode_details: { title: 'Made by the editor', episodeNumber: 1 },
      },
    });
    expect(res.status, res.text).toBe(202);
    const body = z.object({ episode_id: z.string(), minutes_charged: z.number() }).parse(res.body);
    expect(body.minutes_charged).toBeGreaterThan(0);
    expect((await usageOf(people.owner.token)).minutes_used).toBe(ownerBefore.minutes_used + body.minutes_charged);
    expect((await usageOf(people.editor.token)).minutes_used).toBe(editorBefore.minutes_used);
    const episode = await bed.orm.em.fork().findOneOrFail(EpisodeSchema, { id: body.episode_id });
    expect(episode.user.id).toBe(people.owner.id);
    const audit = await bed.orm.em
      .getConnection()
      .execute<{ actor_id: string; owner_id: string }[]>(`select actor_id, owner_id from workspace_audit_entries where action = ?`, [
        'POST /api/episodes/assemble',
      ]);
    expect(audit).toEqual([{ actor_id: people.editor.id, owner_id: people.owner.id }]);
  });
});

describe('notifications', () => {
  it("reach the show's team members: those given every show, or that one", async () => {
    const services = servicesFor(bed.orm, bed.config);
    const owner = { id: people.owner.id };
    await services.notifications.notifyShow(owner, shows.b, {
      title: PUBLISHED_NOTICE.title,
      body: PUBLISHED_NOTICE.body('Episode B'),
      dedupeKey: `published:${episodes.b}:team-test`,
    });
    const episode = await services.episodes.getOwned({ id: people.owner.id }, episodes.a);
    await services.renders.fail(episode, 'the intro could not be read');
    const bell = async (token: string) =>
      z
        .array(z.object({ title: z.string(), body: z.string() }))
        .parse(await get(token, '/api/notifications/'))
        .map((n) => `${n.title}: ${n.body}`);
    const published = `${PUBLISHED_NOTICE.title}: ${PUBLISHED_NOTICE.body('Episode B')}`;
    const failed = `${ASSEMBLY_FAILED_NOTICE.title}: ${ASSEMBLY_FAILED_NOTICE.body(episode.title, 'the intro could not be read')}`;
    for (const who of [people.owner, people.admin, people.editor, people.viewer]) {
      expect(await bell(who.token)).toEqual(expect.arrayContaining([published, failed]));
    }
    // Given show A only: its failure, not B's publication; the outsider and the other workspace's owner nothing.
    expect(await bell(limited.token)).toEqual([failed]);
    expect(await bell(people.outsider.token)).toEqual([]);
    expect(await bell(other.token)).toEqual([]);
  });
});
