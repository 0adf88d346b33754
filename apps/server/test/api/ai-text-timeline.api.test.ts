/**
 * Issue 18: the chapters of AI show notes are timed as the finished episode plays, not as the upload
 * was recorded: an episode with a 30 s intro and a cut paragraph moves every chapter by the intro,
 * and those after the cut back by the cut's length.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { formatTimestamp } from '@ppp/audio';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { twoUsers, type TestServer } from '../support/http.ts';
import { GREEN_THUMB_EPISODE, episodeCuttingThirdParagraph, type UploadCut } from '../support/ai-episodes.ts';
import { timedWords } from '../support/transcripts.ts';

const EPISODE = GREEN_THUMB_EPISODE;
const INTRO_MS = 30_000;

let orm: MikroORM;
let api: TestServer;
let token: string;
let episodeId: string;
/** The cut: the third paragraph, in upload milliseconds. */
let cut: UploadCut;

const chapterLines = (notes: string) => (notes.split('Chapters:\n')[1] ?? '').split('\n').filter(Boolean);

beforeAll(async () => {
  ({ orm, api } = await startApiBed());
  const users = await twoUsers(api);
  token = users.admin.token;
  // As assembly leaves it: a 30 s intro, then the content with the third paragraph cut.
  ({ episodeId, cut } = await episodeCuttingThirdParagraph(orm, users.admin.id, {
    filename: 'green-thumb-043.mp3',
    paragraphs: EPISODE,
    showName: 'Green Thumb Radio',
    title: 'Compost',
    introMs: INTRO_MS,
  }));
});
afterAll(() => closeApiBed({ api, orm }));

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
