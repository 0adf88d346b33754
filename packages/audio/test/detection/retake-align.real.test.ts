import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTranscriptWord } from '@ppp/contracts';
import { detectWithAudio } from '../../src/detection/with-audio.ts';
import { wavDurationSeconds } from '../../src/wav.ts';
import { makeTempDir, requireTool } from '../helpers/system.ts';
import { settingsWith } from './fixtures.ts';

/*
 * A short espeak-ng episode: a lead-in sentence, 0.8 s, a flubbed take cut short, 0.4 s, "flubber",
 * 0.6 s, the sentence said again (slower and higher, as a second take is). The transcript has the
 * right times but garbled words for the take, as a weak recogniser gives them: the words alone find
 * no retake, the sound finds where the take began.
 */
const PIECES = [
  { text: 'Welcome back to the show, everyone.', voice: [] },
  { text: 'The garden needs water every', voice: [] },
  { text: 'flubber', voice: [] },
  { text: 'The garden needs water every morning in summer.', voice: ['-s', '150', '-p', '60'] },
] as const;
const GAPS = [0.5, 0.8, 0.4, 0.6];
const HEARD = [
  'well come back to this show every one',
  'a cart in feeds border',
  'flubber',
  'the garden needs water every morning in summer',
];
const TOLERANCE_S = 0.3;

let work: { dir: string; cleanup: () => void };
let ffmpeg: string;

/** Speech trimmed of its silence at both ends, as 16 kHz mono. */
function piece(text: string, voice: readonly string[], name: string): string {
  const raw = path.join(work.dir, `${name}.raw.wav`);
  execFileSync(requireTool('espeak-ng', 'espeak-ng'), [...voice, '-w', raw, text]);
  const trimmed = path.join(work.dir, `${name}.wav`);
  const trim = 'silenceremove=start_periods=1:start_threshold=-50dB';
  execFileSync(ffmpeg, ['-v', 'error', '-y', '-i', raw, '-af', `${trim},areverse,${trim},areverse`, '-ar', '16000', '-ac', '1', trimmed]);
  return trimmed;
}

/** Words spread evenly over a piece, each taking 90 % of its share. */
function spread(text: string, from: number, seconds: number): TTranscriptWord[] {
  const words = text.split(' ');
  const share = seconds / words.length;
  return words.map((word, i) => ({ text: word, start: from + i * share, end: from + (i + 0.9) * share, confidence: 0.5 }));
}

describe('the restart point found by sound', () => {
  beforeAll(() => {
    ffmpeg = requireTool('ffmpeg', 'ffmpeg');
    work = makeTempDir('ppp-retake-align-');
  });
  afterAll(() => work.cleanup());

  it('finds where a garbled flubbed take began within 0.3 s', async () => {
    const files = PIECES.map((p, i) => piece(p.text, p.voice, `piece${i}`));
    const durations = await Promise.all(files.map(async (file) => (await wavDurationSeconds(file)) ?? 0));
    const inputs = files.flatMap((file) => ['-i', file]);
    const silences = GAPS.map((gap, i) => `aevalsrc=0:d=${gap}:s=16000[g${i}]`).join(';');
    const order = files.map((_, i) => `[g${i}][${i}]`).join('');
    const episode = path.join(work.dir, 'episode.wav');
    const graph = `${silences};${order}concat=n=${files.length * 2}:v=0:a=1`;
    execFileSync(ffmpeg, [
      '-v',
      'error',
      '-y',
      ...inputs,
      '-filter_complex',
      graph,
      '-ar',
      '16000',
      '-ac',
      '1',
      '-c:a',
      'pcm_s16le',
      episode,
    ]);

    const words: TTranscriptWord[] = [];
    let t = 0;
    durations.forEach((seconds, i) => {
      t += GAPS[i] ?? 0;
      words.push(...spread(HEARD[i] ?? '', t, seconds));
      t += seconds;
    });
    const takeStart = (GAPS[0] ?? 0) + (durations[0] ?? 0) + (GAPS[1] ?? 0);
    const transcript = { words, duration_s: t };
    const settings = settingsWith({ removeFillers: false });

    const byWords = await detectWithAudio(null, transcript, settings);
    expect(byWords.flubber.matches[0]?.retake_found).toBe(false);

    const bySound = await detectWithAudio(episode, transcript, settings, [], { keywordSearch: false });
    const marker = bySound.flubber.matches[0];
    expect(marker?.retake_found).toBe(true);
    console.log(`true restart ${takeStart.toFixed(2)} s, proposed cut ${marker?.cut_start_s}-${marker?.cut_end_s} s`);
    expect(Math.abs((marker?.cut_start_s ?? 0) - takeStart)).toBeLessThanOrEqual(TOLERANCE_S);
    // The cut stops before the retake's first word.
    expect(marker?.cut_end_s ?? Infinity).toBeLessThanOrEqual(words.find((w) => w.text === 'the')?.start ?? 0);
  });
});
