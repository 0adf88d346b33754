/**
 * AI titles, notes and tags over REST and tRPC on a real episode transcript (extractive engine), and
 * with an OpenAI-compatible chat server whose answers break the rules (the hex rule falls back).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { AI_TEXT_MESSAGES, type TTemplateBodyInput } from '@ppp/contracts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { errorOf, startTestServer, twoUsers, type TestServer } from '../support/http.ts';
import { startProviderServer, type ProviderServer } from '../support/provider-server.ts';
import { GREEN_THUMB_EPISODE } from '../support/ai-episodes.ts';
import { uploadWithTranscript } from '../support/transcripts.ts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';

const EPISODE = GREEN_THUMB_EPISODE;
const SPOKEN = EPISODE.join(' ').toLowerCase();

let orm: MikroORM;
let api: TestServer;
let chat: ProviderServer;
let chatApi: TestServer;
let a: { token: string; id: string };
let b: { token: string; id: string };
let uploadId: string;

beforeAll(async () => {
  let databaseUrl: string;
  ({ orm, api, databaseUrl } = await startApiBed());
  // An OpenAI-compatible /v1/chat/completions that leaks an id into its title (the hex rule must discard it).
  chat = await startProviderServer((req, res) => {
    if (req.method !== 'POST' || req.path !== '/v1/chat/completions') return res.json(404, { error: { message: 'not found' } });
    const prompt = String(JSON.parse(req.body).messages.at(-1)?.content ?? '');
    if (prompt.includes('RATE')) return res.json(429, { error: { message: 'Rate limit reached', type: 'requests' } });
    const content = /title/i.test(prompt.split('\n')[0] ?? '')
      ? JSON.stringify({ title: 'Episode 4f9a8c2e1b7d6a5f3e2c1d0b' })
      : JSON.stringify({ description: 'Composting tips with Maria Lopez.', tags: ['compost', 'gardening'] });
    return res.json(200, {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    });
  });
  chatApi = await startTestServer(orm, databaseUrl, { OPENAI_CHAT_MODEL: 'llama3.1', OPENAI_CHAT_BASE_URL: `${chat.baseUrl}/v1` });
  ({ admin: a, user: b } = await twoUsers(api));
  uploadId = await uploadWithTranscript(orm, a.id, 'green-thumb-042.mp3', EPISODE);
});
afterAll(async () => {
  await chatApi?.close();
  await closeApiBed({ api, orm });
  await chat?.close();
});

describe('AI text on a real transcript (extractive)', () => {
  it('writes a title under 100 characters, show notes (summary from the content, key topics, chapters), and tags that occur in it', async () => {
    const title = z
      .object({ title: z.string() })
      .parse((await api.request('POST', '/api/ai/title', { token: a.token, json: { hint: 'green-thumb-042.mp3' } })).body).title;
    expect(title.length).toBeGreaterThan(5);
    expect(title.length).toBeLessThan(100);
    expect(title.toLowerCase()).toMatch(/compost/);

    const notes = z
      .object({ description: z.string() })
      .parse(
        (await api.request('POST', '/api/ai/notes', { token: a.token, json: { transcript_path: `/api/media/${uploadId}/transcript` } }))
          .body,
      ).description;
    // Show notes as text a creator edits: a summary paragraph of sentences from the content, then key
    // topics and chapters with times, a blank line between them.
    const [summary = '', topics = '', chapters = ''] = notes.split('\n\n');
    const sentences = summary.match(/[^.!?]+[.!?]/g) ?? [];
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(3);
    for (const sentence of sentences) expect(EPISODE.join(' ')).toContain(sentence.trim());
    expect(notes).not.toMatch(/<[a-z]/i);
    expect(topics).toMatch(/^Key topics: [^,\n]+(, [^,\n]+){2,5}$/);
    expect(chapters).toMatch(/^Chapters:\n00:00 [^\n]+(\n\d\d:\d\d [^\n]+)+$/);

    const tags = z.object({ tags: z.array(z.string()) }).parse(
      (
        await api.request('POST', '/api/ai/tags', {
          token: a.token,
          json: { hint: uploadId, tags_always_include: 'Green Thumb, green thumb, Gardening Podcast' },
        })
      ).body,
    ).tags;
    expect(tags.slice(0, 2)).toEqual(['Green Thumb', 'Gardening Podcast']);
    expect(tags.length).toBeGreaterThan(3);
    expect(tags.length).toBeLessThanOrEqual(20);
    for (const tag of tags.slice(2)) {
      expect(tag.length).toBeLessThanOrEqual(30);
      expect(SPOKEN).toContain(tag.toLowerCase());
    }
  });

  it("follows the template's instructions and tag settings where they can apply", async () => {
    const show = orm.em.fork();
    const podcast = show.create(PodcastSchema, { user: a.id, name: 'Green Thumb Radio' });
    await show.flush();
    const body: TTemplateBodyInput = {
      name: 'Garden',
      podcast_id: podcast.id,
      segments: [{ id: 'c', segment_type: 'content', source: { source_type: 'static', filename: '' } }],
      ai_settings: {
        title_instructions: 'Start with "Green Thumb:"',
        notes_instructions: 'max 2 sentences',
        tags_always_include: ['garden'],
        auto_generate_tags: false,
      },
    };
    const template = await api.trpc(a.token).templates.create.mutate(body);
    const trpc = api.trpc(a.token).aiText;
    expect((await trpc.title.mutate({ hint: uploadId, template_id: template.id })).title).toMatch(/^Green Thumb: /);
    expect((await trpc.notes.mutate({ hint: uploadId, template_id: template.id })).description?.match(/[.!?](\s|$)/g)).toHaveLength(2);
    expect((await trpc.tags.mutate({ hint: uploadId, template_id: template.id })).tags).toEqual(['garden']);
  });

  it('answers /api/episodes/ai/metadata with title, description and tags; shorten and tags prompts', async () => {
    const ZMeta = z.object({ title: z.string().nullable(), description: z.string().nullable(), tags: z.array(z.string()) });
    const full = ZMeta.parse(
      (
        await api.request('POST', '/api/episodes/ai/metadata', {
          token: a.token,
          json: { audio_filename: 'green-thumb-042.mp3', max_tags: 5 },
        })
      ).body,
    );
    expect(full.title).toBeTruthy();
    expect(full.tags.length).toBeLessThanOrEqual(5);
    const short = ZMeta.parse(
      (
        await api.request('POST', '/api/episodes/ai/metadata', {
          token: a.token,
          json: { audio_filename: 'green-thumb-042.mp3', prompt: 'shorten' },
        })
      ).body,
    );
    expect(short.description?.match(/[.!?](\s|$)/g)).toHaveLength(2);
    const onlyTags = ZMeta.parse(
      (
        await api.request('POST', '/api/episodes/ai/metadata', {
          token: a.token,
          json: { audio_filename: 'green-thumb-042.mp3', prompt: 'tags', current_title: 'Mine', current_description: 'Kept' },
        })
      ).body,
    );
    expect(onlyTags).toMatchObject({ title: 'Mine', description: 'Kept' });
    expect(onlyTags.tags.length).toBeGreaterThan(0);
  });

  it("answers 409 'Transcript not ready yet' while processing, 404 for another user's upload", async () => {
    await uploadWithTranscript(orm, a.id, 'still-processing.mp3', null);
    const res = await api.request('POST', '/api/ai/title', { token: a.token, json: { hint: 'still-processing.mp3' } });
    expect(errorOf(res)).toMatchObject({ status: 409, detail: AI_TEXT_MESSAGES.transcriptNotReady });
    expect(errorOf(await api.request('POST', '/api/ai/notes', { token: b.token, json: { hint: uploadId } })).status).toBe(404);
    expect(errorOf(await api.request('POST', '/api/ai/tags', { token: b.token, json: {} })).status).toBe(404);
  });
});

/** The same kind of show, said with a flubbed take, an Intern command and a filler, as a creator records it. */
const WITH_COMMANDS = [
  'Welcome back to Green Thumb Radio. Today we are talking about rain barrels and how to collect water for your garden.',
  'A rain barrel sits under a downspout and catches the water from your roof. Um, the barrel holds about two hundred litres.',
  'The overflow hose should point away from the foundation of the wobbly shed',
  'flubber',
  'The overflow hose should point away from the foundation of the house. A screen on top keeps mosquitoes out of the barrel.',
  'intern what is the average rainfall in Seattle stop',
  'Use the collected water on ornamental beds and lawns, and keep a lid on the barrel in winter. Thanks for listening to Green Thumb Radio.',
];

describe('AI text from the edited transcript', () => {
  it('never repeats a command, the flubbed take or a filler in the title, notes and tags', async () => {
    const id = await uploadWithTranscript(orm, a.id, 'rain-barrels.mp3', WITH_COMMANDS, { detect: true });
    const meta = z
      .object({ title: z.string().nullable(), description: z.string().nullable(), tags: z.array(z.string()) })
      .parse(
        (await api.request('POST', '/api/episodes/ai/metadata', { token: a.token, json: { audio_filename: 'rain-barrels.mp3' } })).body,
      );
    const notes = z
      .object({ description: z.string() })
      .parse((await api.request('POST', '/api/ai/notes', { token: a.token, json: { hint: id, base_prompt: 'expand' } })).body).description;
    const tags = z
      .object({ tags: z.array(z.string()) })
      .parse((await api.request('POST', '/api/ai/tags', { token: a.token, json: { hint: id, max_tags: 20 } })).body).tags;
    const written = [meta.title, meta.description, notes, ...meta.tags, ...tags].join(' | ').toLowerCase();
    expect(meta.description?.toLowerCase()).toContain('rain barrel');
    expect(tags.length).toBeGreaterThan(3);
    for (const unwanted of ['flubber', 'intern', 'seattle', 'rainfall', 'wobbly', 'stop', 'um,']) expect(written).not.toContain(unwanted);
  });
});

describe('OpenAI-compatible chat', () => {
  it('discards a title with a run of 16 hex characters and falls back to the transcript; passes a 429 on in the spec’s words', async () => {
    const title = z
      .object({ title: z.string() })
      .parse((await chatApi.request('POST', '/api/ai/title', { token: a.token, json: { hint: uploadId } })).body).title;
    expect(title).not.toMatch(/[0-9a-f]{16}/i);
    expect(title.toLowerCase()).toContain('compost');
    const notes = await chatApi.request('POST', '/api/ai/notes', { token: a.token, json: { hint: uploadId } });
    expect(notes.body).toEqual({ description: 'Composting tips with Maria Lopez.' });
    const limited = await chatApi.request('POST', '/api/ai/notes', {
      token: a.token,
      json: { hint: uploadId, extra_instructions: 'RATE' },
    });
    expect(errorOf(limited)).toMatchObject({ status: 429, detail: AI_TEXT_MESSAGES.tooManyRequests });
  });
});

describe('fair use', () => {
  it("answers 429 in the spec's words past 30 requests a minute", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push((await api.request('POST', '/api/ai/title', { token: b.token, json: { hint: 'nothing-here.mp3' } })).status);
    // B made two AI requests above; the window holds 30.
    expect(statuses.filter((s) => s === 404)).toHaveLength(28);
    expect(statuses.slice(28).every((s) => s === 429)).toBe(true);
    const last = await api.request('POST', '/api/ai/title', { token: b.token, json: { hint: 'nothing-here.mp3' } });
    expect(errorOf(last)).toMatchObject({ status: 429, detail: AI_TEXT_MESSAGES.tooManyRequests });
  });
});
