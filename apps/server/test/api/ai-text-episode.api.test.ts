/**
 * Issue 18: the episode edit panel's AI title, notes and tags read the episode's own transcript (its
 * upload's words after the episode's cuts), by episode_id alone, over REST and tRPC; a paragraph the
 * episode cut is never read, no tag is a stop word or a filler, and another user's episode is 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { TEdl } from '@ppp/contracts';
import { openTestOrm } from '../support/database.ts';
import { errorOf, startTestServer, twoUsers, type TestServer } from '../support/http.ts';
import { timedWords, uploadWithTranscript } from '../support/transcripts.ts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';

const EPISODE = [
  'Welcome back to the Rooftop Beekeeping Hour. Today we are talking about keeping honey bees on a city roof and what the neighbours think.',
  'A rooftop hive needs shelter from the wind, a water source nearby and a landlord who agrees. Most city councils only ask you to register each hive.',
  'Um, so, you know, the varroa mite treatment we tried last spring went badly wrong and the whole colony absconded in June.',
  'My guest today is Priya Shah, who keeps twelve rooftop hives above a bakery. She says the bees forage on street trees and park flowers.',
  'Priya harvests honey twice a year and labels every jar with the rooftop it came from. Rooftop honey tastes of linden trees in early summer.',
  'Next week we talk about swarm season and catching a swarm safely. Thanks for listening to the Rooftop Beekeeping Hour.',
];

let orm: MikroORM;
let api: TestServer;
let a: string;
let b: string;
let episodeId: string;

beforeAll(async () => {
  const db = await openTestOrm();
  orm = db.orm;
  api = await startTestServer(orm, db.databaseUrl);
  const users = await twoUsers(api);
  a = users.admin.token;
  b = users.user.token;
  const uploadId = await uploadWithTranscript(orm, users.admin.id, 'rooftop-bees-007.mp3', EPISODE);
  // The episode cut the third paragraph (the mite treatment that went wrong).
  const words = timedWords(EPISODE);
  const third = timedWords(EPISODE.slice(0, 2)).length;
  const fourth = timedWords(EPISODE.slice(0, 3)).length;
  const cut = { start_ms: Math.round(words[third - 1]!.end * 1000) + 100, end_ms: Math.round(words[fourth]!.start * 1000) - 100 };
  const durationMs = Math.round(words.at(-1)!.end * 1000) + 500;
  const contentMs = durationMs - (cut.end_ms - cut.start_ms);
  const edl = {
    segments: [{ id: 'content', segment_type: 'content', source: 'content', title: 'Content', start_ms: 0, duration_ms: contentMs }],
    content: {
      segment_id: 'content',
      cuts: [{ ...cut, reasons: ['manual'] }],
      mutes: [],
      pieces: [
        { type: 'source', start_ms: 0, end_ms: cut.start_ms },
        { type: 'source', start_ms: cut.end_ms, end_ms: durationMs },
      ],
      duration_ms: contentMs,
    },
    inserts: [],
    duration_ms: contentMs,
  } as unknown as TEdl;
  const em = orm.em.fork();
  const podcast = em.create(PodcastSchema, { user: users.admin.id, name: 'Rooftop Beekeeping Hour' });
  const episode = em.create(EpisodeSchema, {
    user: users.admin.id,
    podcast,
    sourceMedia: uploadId,
    title: 'Bees',
    status: 'processed',
    edl,
  });
  await em.flush();
  episodeId = episode.id;
});
afterAll(async () => {
  await api?.close();
  await orm?.close();
});

describe("the edit panel's AI title, notes and tags for an existing episode", () => {
  it('writes them from the episode as it plays, by episode_id alone', async () => {
    const json = { episode_id: episodeId, current_title: 'Bees', current_description: '' };
    const title = z.object({ title: z.string() }).parse((await api.request('POST', '/api/ai/title', { token: a, json })).body).title;
    const notes = z.object({ description: z.string() }).parse((await api.request('POST', '/api/ai/notes', { token: a, json })).body);
    const tags = await api.trpc(a).aiText.tags.mutate({ episode_id: episodeId });
    expect(title.toLowerCase()).toMatch(/rooftop|bee|hive|honey/);
    expect(notes.description.toLowerCase()).toContain('rooftop');
    expect(tags.tags.length).toBeGreaterThan(2);
    const written = [title, notes.description, ...tags.tags].join(' | ').toLowerCase();
    for (const cut of ['varroa', 'absconded', 'mite', 'you know']) expect(written).not.toContain(cut);
    for (const tag of tags.tags) expect(['um', 'so', 'the', 'today', 'you know']).not.toContain(tag.toLowerCase());
  });

  it("answers 404 for another user's episode", async () => {
    expect(errorOf(await api.request('POST', '/api/ai/tags', { token: b, json: { episode_id: episodeId } })).status).toBe(404);
  });
});
