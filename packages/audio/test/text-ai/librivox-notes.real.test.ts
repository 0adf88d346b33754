import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUDIO_CLEANUP_SETTINGS, type TTranscript, type TTranscriptWord } from '@ppp/contracts';
import { detectIntents } from '../../src/detection/detect-intents.ts';
import { spokenContent } from '../../src/detection/spoken-content.ts';
import { createExtractiveEngine } from '../../src/text-ai/extractive.ts';
import { createPocketsphinxEngine } from '../../src/transcription/pocketsphinx/engine.ts';
import { wavDurationSeconds } from '../../src/wav.ts';
import { librivoxClips, makeTempDir, requireTool } from '../helpers/system.ts';
import { cueWordsIn, expectShape, JOINED_KEYWORDS, parseNotes } from './show-notes-structure.ts';

/*
 * Show notes from real speech and the default recogniser's real output: the five LibriVox clips of
 * pocketsphinx-testdata (Sense and Sensibility, chapter 1) transcribed by pocketsphinx and laid end to
 * end as one reading, with what a creator adds while recording: a flubbed first attempt at the third
 * clip, 'flubber', a filler and an Intern command ended by 'stop'. The notes are written from what
 * the episode says (spokenContent), as the AI text service does, and kept as a fixture.
 */
const GAP_S = 1;
const cue = (text: string, at: number): TTranscriptWord[] =>
  text.split(' ').map((word, i) => ({ text: word, start: at + i * 0.45, end: at + i * 0.45 + 0.35, confidence: 0.9 }));

let work: { dir: string; cleanup: () => void };

async function transcribeClips(): Promise<{ words: TTranscriptWord[]; duration: number }[]> {
  const ffmpeg = requireTool('ffmpeg', 'ffmpeg');
  const engine = createPocketsphinxEngine();
  const results = [];
  for (const [i, clip] of librivoxClips().entries()) {
    const wav = path.join(work.dir, `clip${i}.wav`);
    execFileSync(ffmpeg, ['-v', 'error', '-y', '-i', clip.wav, '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', wav]);
    results.push({ words: (await engine.transcribe(wav)).words, duration: (await wavDurationSeconds(wav)) ?? 0 });
  }
  return results;
}

/** The clips in order; before the third, its first half as a flubbed take and 'flubber'; a filler and an Intern command after it. */
function episode(clips: { words: TTranscriptWord[]; duration: number }[]): TTranscript {
  const words: TTranscriptWord[] = [];
  let at = 0;
  const place = (clipWords: readonly TTranscriptWord[], length: number) => {
    words.push(...clipWords.map((w) => ({ ...w, start: w.start + at, end: w.end + at })));
    at += length + GAP_S;
  };
  const add = (text: string) => {
    words.push(...cue(text, at));
    at = (words.at(-1)?.end ?? at) + GAP_S;
  };
  clips.forEach((clip, i) => {
    if (i === 2) {
      const half = clip.words.slice(0, Math.ceil(clip.words.length / 2));
      place(half, half.at(-1)?.end ?? 0);
      add('flubber');
    }
    place(clip.words, clip.duration);
    if (i === 2) add('um intern who wrote sense and sensibility stop');
  });
  return { words, language: 'en', duration_s: at };
}

describe('show notes from real speech (LibriVox, pocketsphinx)', () => {
  beforeAll(() => {
    requireTool('pocketsphinx_continuous', 'pocketsphinx pocketsphinx-en-us');
    work = makeTempDir('ppp-notes-');
  });
  afterAll(() => work.cleanup());

  it('writes a 2-3 sentence summary, 3-6 topics and timed chapters with no command or filler', async () => {
    const raw = episode(await transcribeClips());
    const content = spokenContent(raw, detectIntents(raw, DEFAULT_AUDIO_CLEANUP_SETTINGS), { triggerWords: ['flubber', 'intern'] });
    const engine = createExtractiveEngine();
    const html = (await engine.generateNotes({ transcript: content }))!;
    const title = (await engine.generateTitle({ transcript: content }))!;
    console.log(`${title}\n${html}`);
    expect(expectShape(parseNotes(html), raw.duration_s ?? 0)).toEqual([]);
    expect(cueWordsIn(`${title} ${html}`)).toEqual([]);
    expect(html).not.toMatch(/sense and sensibility|who wrote/);
    expect(title).not.toMatch(JOINED_KEYWORDS);
    await expect(`${title}\n\n${html}\n`).toMatchFileSnapshot('../fixtures/notes/librivox.notes.txt');
  }, 300_000);
});
