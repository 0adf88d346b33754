/**
 * Issue 18: the episode edit panel's AI title, notes and tags read the episode's own transcript (its
 * upload's words after the episode's cuts), by episode_id alone, over REST and tRPC; a paragraph the
 * episode cut is never read, no tag is a stop word or a filler, and another user's episode is 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { errorOf, twoUsers, type TestServer } from '../support/http.ts';
import { episodeCuttingThirdParagraph } from '../support/ai-episodes.ts';

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
  ({ orm, api } = await startApiBed());
  const users = await twoUsers(api);
  a = users.admin.token;
  b = users.user.token;
  // The episode cut the third paragraph (the mite treatment that went wrong).
  ({ episodeId } = await episodeCuttingThirdParagraph(orm, users.admin.id, {
    filename: 'rooftop-bees-007.mp3',
    paragraphs: EPISODE,
    showName: 'Rooftop Beekeeping Hour',
    title: 'Bees',
  }));
});
afterAll(() => closeApiBed({ api, orm }));

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
