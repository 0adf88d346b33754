import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFlubberMarkers } from '../../src/detection/flubber.ts';
import { toMatchWords } from '../../src/detection/normalise.ts';
import { createPocketsphinxEngine } from '../../src/transcription/pocketsphinx/engine.ts';
import { wavDurationSeconds } from '../../src/wav.ts';
import type { TTranscriptWord } from '@ppp/contracts';
import { librivoxClips, makeTempDir, requireTool } from '../helpers/system.ts';

/*
 * A labelled set built from real speech and the default recogniser's real output: each LibriVox
 * clip of pocketsphinx-testdata (leading silence removed) is cut off part-way as a flubbed take;
 * pocketsphinx transcribes the cut-off take and the whole clip separately, and the episode's
 * transcript is laid out as a creator would say it: another clip as the lead-in, 0.7 s, the
 * flubbed take, 0.4 s, 'flubber' (0.45 s), 0.6 s, the whole clip again. The true restart point is
 * where the flubbed take's audio begins; the proposed cut must start within 0.3 s of it in at
 * least 90 % of the cases. (pocketsphinx cannot hear espeak-ng's voice, so synthetic speech is
 * covered by the word-timed unit tests instead.)
 */
const TOLERANCE_S = 0.3;
const REQUIRED_SHARE = 0.9;
const FRACTIONS = [0.4, 0.7];
const GAPS = { lead: 0.7, beforeMarker: 0.4, marker: 0.45, afterMarker: 0.6 };

let work: { dir: string; cleanup: () => void };
let ffmpeg: string;

function toWav(input: string, output: string, args: readonly string[]): string {
  execFileSync(ffmpeg, ['-v', 'error', '-y', '-i', input, ...args, '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', output]);
  return output;
}

const shift = (words: readonly TTranscriptWord[], by: number) => words.map((w) => ({ ...w, start: w.start + by, end: w.end + by }));

/** Runs at most `limit` transcriptions at once, so the test does not flood a shared machine. */
async function inBatches<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += limit) results.push(...(await Promise.all(items.slice(i, i + limit).map(run))));
  return results;
}

describe('Flubber finds where the retake began, on real speech', () => {
  beforeAll(() => {
    ffmpeg = requireTool('ffmpeg', 'ffmpeg');
    requireTool('pocketsphinx_continuous', 'pocketsphinx pocketsphinx-en-us');
    work = makeTempDir('ppp-retake-');
  });
  afterAll(() => work.cleanup());

  it('proposes a cut starting within 0.3 s of the true restart point in at least 90 % of cases', async () => {
    const engine = createPocketsphinxEngine();
    const clips = librivoxClips().map((clip, i) => {
      const wav = toWav(clip.wav, path.join(work.dir, `clip${i}.wav`), ['-af', 'silenceremove=start_periods=1:start_threshold=-45dB']);
      return { id: clip.id.slice(-4), wav };
    });
    const partials = clips.flatMap((clip, i) =>
      FRACTIONS.map((fraction, j) => ({ clip: i, fraction, wav: path.join(work.dir, `clip${i}-${j}.wav`) })),
    );
    for (const partial of partials) {
      const whole = clips[partial.clip]?.wav ?? '';
      const duration = (await wavDurationSeconds(whole)) ?? 0;
      toWav(whole, partial.wav, ['-t', (duration * partial.fraction).toFixed(3)]);
    }
    const transcribe = async (wav: string) => ({
      words: (await engine.transcribe(wav)).words,
      duration: (await wavDurationSeconds(wav)) ?? 0,
    });
    const wholes = await inBatches(clips, 2, (clip) => transcribe(clip.wav));
    const takes = await inBatches(partials, 2, (partial) => transcribe(partial.wav));

    const rows: string[] = [];
    let within = 0;
    for (const [k, partial] of partials.entries()) {
      const lead = wholes[(partial.clip + 1) % wholes.length];
      const take = takes[k];
      const whole = wholes[partial.clip];
      if (!lead || !take || !whole) throw new Error('missing transcript');
      const truth = lead.duration + GAPS.lead;
      const markerAt = truth + take.duration + GAPS.beforeMarker;
      const retakeAt = markerAt + GAPS.marker + GAPS.afterMarker;
      const words: TTranscriptWord[] = [
        ...lead.words,
        ...shift(take.words, truth),
        { text: 'flubber', start: markerAt, end: markerAt + GAPS.marker, confidence: 0.9 },
        ...shift(whole.words, retakeAt),
      ];
      const [marker] = detectFlubberMarkers(toMatchWords(words), 'flubber', 0.8, retakeAt + whole.duration);
      if (!marker) throw new Error('the marker was not found');
      const error = Math.abs(marker.cut_start_s - truth);
      if (error <= TOLERANCE_S) within++;
      rows.push(
        `${error <= TOLERANCE_S ? 'ok  ' : 'MISS'} clip ${clips[partial.clip]?.id} cut at ${partial.fraction * 100} %: true start ${truth.toFixed(2)} s, proposed ${marker.cut_start_s.toFixed(2)}-${marker.cut_end_s.toFixed(2)} s (${marker.retake_found ? `take '${marker.retake_text}'` : 'fallback'}), error ${error.toFixed(2)} s`,
      );
      // The cut never reaches into the retake.
      expect(marker.cut_end_s).toBeLessThanOrEqual(retakeAt + (whole.words[0]?.start ?? 0));
    }
    const share = within / partials.length;
    console.log(`Retake start within ${TOLERANCE_S} s: ${within}/${partials.length} (${(share * 100).toFixed(0)} %)\n${rows.join('\n')}`);
    expect(partials.length).toBeGreaterThanOrEqual(10);
    expect(share).toBeGreaterThanOrEqual(REQUIRED_SHARE);
  }, 600_000);
});
