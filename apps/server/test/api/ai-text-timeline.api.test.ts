/**
 * Issue 18: the chapters of AI show notes are timed as the finished episode plays, not as the upload
 * was recorded: an episode with a 30 s intro and a cut paragraph moves every chapter by the intro,
 * and those after the cut back by the cut's length.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { formatTimestamp } from '@ppp/audio';
import type { TEdl } from '@ppp/contracts';
import { openTestOrm } from '../support/database.ts';
import { startTestServer, twoUsers, type TestServer } from '../support/http.ts';
import { timedWords, uploadWithTranscript } from '../support/transcripts.ts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';

const EPISODE = [
  'Hey everyone, welcome back to Green Thumb Radio. Today we are talking about home composting and why your kitchen scraps matter more than you think.',
  'Composting at home is honestly easier than most people expect. You need a bin, some brown material like dry leaves or shredded cardboard, and green material like vegetable peels and coffee grounds.',
  'The ratio of brown material to green material is the real secret to a healthy compost pile. Too much green material and the compost pile turns slimy and starts to smell.',
  'My guest today is Maria Lopez, a community garden organizer who has been composting in a small city apartment for twenty years. She keeps a worm bin under her kitchen sink.',
  'Maria says the biggest mistake beginners make is never turning the compost pile. Turn the pile every week so the microbes get oxygen and the pile stays warm.',
  'In winter the compost pile slows down, but it does not stop. Insulating the bin with straw keeps the microbes working through the cold months.',
  'Finished compost smells like a forest floor, and it is ready when you can no longer recognise the vegetable peels. Spread it on your garden beds in early spring.',
  'Next week we will talk about worm bins and vermicomposting in more detail. Thanks for listening to Green Thumb Radio.',
];
const INTRO_MS = 30_000;

let orm: MikroORM;
let api: TestServer;
let token: string;
let episodeId: string;
/** The cut: the third paragraph, in upload milliseconds. */
let cut: { start_ms: number; end_ms: number };

const chapterLines = (notes: string) => (notes.split('Chapters:\n')[1] ?? '').split('\n').filter(Boolean);

beforeAll(async () => {
  const db = await openTestOrm();
  orm = db.orm;
  api = await startTestServer(orm, db.databaseUrl);
  const users = await twoUsers(api);
  token = users.admin.token;
  const uploadId = await uploadWithTranscript(orm, users.admin.id, 'green-thumb-043.mp3', EPISODE);
  const words = timedWords(EPISODE);
  const third = timedWords(EPISODE.slice(0, 2)).length;
  const fourth = timedWords(EPISODE.slice(0, 3)).length;
  cut = { start_ms: Math.round(words[third - 1]!.end * 1000) + 100, end_ms: Math.round(words[fourth]!.start * 1000) - 100 };
  const durationMs = Math.round(words.at(-1)!.end * 1000) + 500;
  const contentMs = durationMs - (cut.end_ms - cut.start_ms);
  // The EDL as assembly leaves it: a 30 s intro, then the content with the third paragraph cut.
  const edl = {
    segments: [
      { id: 'intro', segment_type: 'intro', source: 'static', title: 'Intro', start_ms: 0, duration_ms: INTRO_MS },
      { id: 'content', segment_type: 'content', source: 'content', title: 'Content', start_ms: INTRO_MS, duration_ms: contentMs },
    ],
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
    duration_ms: INTRO_MS + contentMs,
  } as unknown as TEdl;
  const em = orm.em.fork();
  const podcast = em.create(PodcastSchema, { user: users.admin.id, name: 'Green Thumb Radio' });
  const episode = em.create(EpisodeSchema, {
    user: users.admin.id,
    podcast,
    sourceMedia: uploadId,
    title: 'Compost',
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

describe("AI show notes' chapters on the finished episode's timeline", () => {
  it('shifts each chapter by the intro, and those after the cut back by its length; the cut paragraph is not read', async () => {
    const res = await api.request('POST', '/api/ai/notes', { token, json: { episode_id: episodeId } });
    expect(res.status).toBe(200);
    const notes = z.object({ description: z.string() }).parse(res.body).description;
    expect(notes).not.toMatch(/ratio of brown material/i);
    const lines = chapterLines(notes);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines[0]).toMatch(/^00:00 /);

    // Where each sentence of the upload starts in the finished episode.
    const words = timedWords(EPISODE);
    const played = (startS: number) => {
      const ms = startS * 1000;
      if (ms >= cut.start_ms && ms < cut.end_ms) return null;
      return (INTRO_MS + ms - (ms >= cut.end_ms ? cut.end_ms - cut.start_ms : 0)) / 1000;
    };
    const sentenceStarts = words.filter((w, i) => i === 0 || /[.!?]$/.test(words[i - 1]!.text)).map((w) => w.start);
    const expected = new Set(sentenceStarts.flatMap((s) => (played(s) === null ? [] : [formatTimestamp(played(s)!)])));
    const asRecorded = new Set(sentenceStarts.map((s) => formatTimestamp(s)));
    let afterCut = 0;
    for (const line of lines.slice(1)) {
      const stamp = line.split(' ')[0]!;
      expect(expected).toContain(stamp);
      const [m, s] = stamp.split(':').map(Number);
      if (m! * 60 + s! > INTRO_MS / 1000 + cut.start_ms / 1000) afterCut += 1;
    }
    expect(afterCut).toBeGreaterThan(0);
    // Read as recorded, most of these times would be wrong.
    expect(lines.slice(1).filter((line) => !asRecorded.has(line.split(' ')[0]!)).length).toBeGreaterThan(0);
  });
});
