/**
 * Issue 32 item 6, 'Done when': for an assembled episode the published transcript and chapters
 * hold no cue word and no cut material, and hold the Intern answer. A real upload of espeak-ng
 * speech with a supplied transcript (two retakes, a filler, an Intern command), assembled with the
 * creator's review choices (the first retake cut, the second kept; fillers removed; the command
 * answered in the creator's own words, voiced), published now to the built-in host; then the feed is
 * fetched over HTTP and its podcast:transcript and podcast:chapters links followed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZAiTextRequest, ZAssembleEpisodeRequest, ZTranscriptCorrectionsRequest, type TMediaItem } from '@ppp/contracts';
import type { User } from '@ppp/server/domain';
import { contentOnlyShow, spokenUpload, voicedAnswer } from './support/spoken-episode.ts';
import { workerBed } from './support/worker-bed.ts';

const bed = workerBed({ name: 'ppp-published', api: true, env: () => ({ TTS_ENGINES: 'espeak' }) });
const { services, waitFor } = bed;
const PUBLIC_URL = 'http://localhost:3000';

const SLOT = 3;
const PHRASES = [
  'welcome to the garden hour',
  'tomatoes need lots of sunshine and zucchini',
  'flubber',
  'tomatoes need lots of sunshine',
  'um peppers like warm chilli beds',
  'flubber',
  'peppers like warm beds',
  'intern what is the ideal soil ph stop',
  'thanks for listening',
];
const ANSWER = 'Most vegetables like a soil pH between six and seven.';

let userId = '';
let showId = '';
let templateId = '';
let upload: TMediaItem;
const user = (): Promise<User> => services().users.getById(userId);

beforeAll(async () => {
  userId = (await bed.newUser('published', 'pro')).id;
  ({ showId, templateId } = await contentOnlyShow(bed, await user(), 'The Garden Hour'));
  upload = await spokenUpload(bed, await user(), { name: 'garden', phrases: PHRASES, slotSeconds: SLOT });
  expect(upload).toMatchObject({ status: 'ready', transcription_engine: 'supplied' });
}, 120_000);

const ZJsonTranscript = z.object({ segments: z.array(z.object({ startTime: z.number(), endTime: z.number(), body: z.string() })) });
const ZChapters = z.object({ chapters: z.array(z.object({ startTime: z.number(), title: z.string() })) });

/** A public URL of the feed, fetched from the test server. */
async function follow(url: string): Promise<Response> {
  const res = await fetch(`${bed.api.baseUrl}${url.replace(PUBLIC_URL, '')}`);
  expect(res.status).toBe(200);
  return res;
}

/** WebVTT cues as (start, end) seconds and their words. */
function vttCues(vtt: string): { start: number; end: number; words: string[] }[] {
  const seconds = (t: string) => t.split(':').reduce((sum, part) => sum * 60 + Number(part), 0);
  return [...vtt.matchAll(/(\d\d:\d\d:\d\d\.\d{3}) --> (\d\d:\d\d:\d\d\.\d{3})\n([\s\S]*?)(?:\n\n|$)/g)].map(
    ([, from = '', to = '', body = '']) => ({
      start: seconds(from),
      end: seconds(to),
      words: body.split(/\s+/).filter(Boolean),
    }),
  );
}

describe('the published transcript and chapters of an assembled episode', () => {
  it('hold no cue word, no cut take and no removed filler, and hold the Intern answer inside the episode', async () => {
    const owner = await user();
    const hints = await services().transcripts.intentHints(owner, upload.id);
    expect(hints.detection.flubber.count).toBe(2);
    expect(hints.detection.intern.count).toBe(1);
    expect(hints.detection.fillers.count).toBeGreaterThanOrEqual(1);
    const answer = await voicedAnswer(bed, owner, upload.id, ANSWER);

    const queued = await services().assembly.assemble(
      owner,
      ZAssembleEpisodeRequest.parse({
        template_id: templateId,
        main_content_filename: upload.id,
        episode_details: { title: 'Soil and sun', description: 'Tomatoes and peppers.', episodeNumber: 1 },
        cleanup: { removePauses: false, removeFillers: true, censorEnabled: false },
        // The review: the first retake cut, the second kept; the command answered with the voiced clip alone.
        intents: { flubber: 'yes', intern: 'yes', sfx: 'no' },
        flubber_indices: [0],
        intern_answers: [answer],
        publish: { mode: 'now', visibility: 'public' },
      }),
    );
    await waitFor(
      () => services().publishing.status({ id: userId }, queued.episode_id),
      (s) => s.status === 'published',
      180_000,
    );
    const durationS = ((await services().assembly.episodeStatus(owner, queued.episode_id)).episode?.duration_ms ?? 0) / 1000;
    expect(durationS).toBeGreaterThan(0);

    const feed = await (await follow(`/feeds/${showId}.xml`)).text();
    const links = [...feed.matchAll(/<podcast:transcript\s[^>]*url="([^"]+)"[^>]*type="([^"]+)"/g)].map(([, url = '', type = '']) => ({
      url,
      type,
    }));
    expect(links.map((l) => l.type).sort()).toEqual(['application/json', 'application/x-subrip', 'text/vtt']);
    const vtt = await (await follow(links.find((l) => l.type === 'text/vtt')!.url)).text();
    const srt = await (await follow(links.find((l) => l.type === 'application/x-subrip')!.url)).text();
    const json = ZJsonTranscript.parse(await (await follow(links.find((l) => l.type === 'application/json')!.url)).json());
    console.log(`published transcript (${durationS} s): ${json.segments.map((s) => `${s.body}@${s.startTime}`).join(' ')}`);

    const words = json.segments.map((s) => s.body.toLowerCase().replace(/[^a-z]/g, ''));
    const cues = vttCues(vtt);
    const cueWords = (file: typeof cues) => file.flatMap((cue) => cue.words.map((w) => w.toLowerCase().replace(/[^a-z]/g, '')));
    const srtCues = vttCues(srt.replace(/(\d\d),(\d{3})/g, '$1.$2'));
    expect(srtCues.length).toBe(cues.length);
    for (const said of [words, cueWords(cues), cueWords(srtCues)]) {
      // No cue word, nothing of the cut take ('zucchini'), no removed filler; the kept retake's take stays ('chilli').
      for (const gone of ['flubber', 'intern', 'stop', 'zucchini', 'um']) expect(said).not.toContain(gone);
      expect(said).toContain('chilli');
      expect(said.join(' ')).toContain('most vegetables like a soil ph between six and seven');
    }
    const answerAt = json.segments.find((s) => s.body === 'Most');
    expect(answerAt?.startTime).toBeGreaterThan(0);
    expect(answerAt!.startTime).toBeLessThan(durationS);
    // The answer plays where the command was: after the kept retake, before the goodbye.
    expect(answerAt!.startTime).toBeGreaterThan(json.segments.find((s) => s.body === 'beds')!.startTime);
    expect(answerAt!.startTime).toBeLessThan(json.segments.find((s) => s.body === 'thanks')!.startTime);
    for (const [i, segment] of json.segments.entries()) {
      expect(segment.endTime).toBeGreaterThanOrEqual(segment.startTime);
      expect(segment.endTime).toBeLessThanOrEqual(durationS);
      if (i > 0) expect(segment.startTime).toBeGreaterThanOrEqual(json.segments[i - 1]!.startTime);
    }
    for (const [i, cue] of cues.entries()) {
      expect(cue.end).toBeLessThanOrEqual(durationS);
      if (i > 0) expect(cue.start).toBeGreaterThanOrEqual(cues[i - 1]!.start);
    }

    const chaptersUrl = /<podcast:chapters\s[^>]*url="([^"]+)"/.exec(feed)?.[1];
    if (!chaptersUrl) throw new Error('no podcast:chapters');
    const chapters = ZChapters.parse(await (await follow(chaptersUrl)).json()).chapters;
    console.log(`chapters: ${chapters.map((c) => `${c.startTime} ${c.title}`).join(' | ')}`);
    expect(chapters.length).toBeGreaterThanOrEqual(2);
    for (const chapter of chapters) {
      expect(chapter.title).not.toMatch(/^(intern|flubber|stop)\b/i);
      expect(chapter.startTime).toBeLessThan(durationS);
    }
    // The answer has its chapter, at the answer's time, titled by the question without the command words.
    expect(chapters.find((c) => c.startTime === answerAt!.startTime)?.title).toMatch(/soil ph/i);

    // A word corrected after the render: the published transcript reads it at once (the audio is as rendered).
    const chilli = PHRASES.slice(0, 4).join(' ').split(' ').length + 'um peppers like warm'.split(' ').length;
    await services().transcriptReview.correct(
      owner,
      ZTranscriptCorrectionsRequest.parse({ media_id: upload.id, corrections: [{ index: chilli, text: 'chili' }] }),
    );
    const corrected = ZJsonTranscript.parse(await (await follow(links.find((l) => l.type === 'application/json')!.url)).json());
    const correctedWords = corrected.segments.map((s) => s.body);
    expect(correctedWords).toContain('chili');
    expect(correctedWords).not.toContain('chilli');
    expect(correctedWords.join(' ')).toContain(ANSWER);
    for (const gone of ['flubber', 'intern', 'stop', 'zucchini', 'um']) expect(correctedWords).not.toContain(gone);
    expect(corrected.segments.find((s) => s.body === 'chili')?.startTime).toBe(json.segments.find((s) => s.body === 'chilli')?.startTime);

    // The AI text of the episode reads the same words.
    const request = ZAiTextRequest.parse({ episode_id: queued.episode_id });
    const notes = (await services().aiText.notes(owner, request)).description ?? '';
    const tags = (await services().aiText.tags(owner, { ...request, tags_always_include: null, max_tags: null })).tags;
    const written = `${notes} ${tags.join(' ')}`.toLowerCase();
    expect(notes).not.toBe('');
    for (const gone of ['flubber', 'intern', 'zucchini']) expect(written).not.toContain(gone);
  }, 240_000);
});
