import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { DEFAULT_AUDIO_CLEANUP_SETTINGS, ZBackgroundMusicRule, ZSegment, type TEdl, type TEdlFile } from '@ppp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeAudio } from '../../src/ffmpeg/index.ts';
import { planEpisode } from '../../src/edl/index.ts';
import { MP3_DELAY_SAMPLES, MP3_FRAME_SAMPLES, computePeaks, msToSamples, planSplit, renderEpisode } from '../../src/render/index.ts';
import { lavfi, makeTempDir, requireTool, speak } from '../helpers/system.ts';
import { bandLevels, decodedSeconds, levelBetween, loudness, samplePeakDb } from './measure.ts';
import { contentOnlyInput } from '../edl/fixtures.ts';

const WINDOW = 0.1;
/** Content markers: speech stand-in 1000 Hz, the two cut regions 1700 and 2900 Hz, then music 60 Hz, sfx 500 Hz, answer 750 Hz. */
const HZ = { voice: 1000, cut1: 1700, cut2: 2900, music: 60, sfx: 500, answer: 750 };
const sine = (hz: number) => `0.25*sin(2*PI*${hz}*t)`;
const CONTENT = `aevalsrc=exprs='if(lt(t,4),${sine(HZ.voice)},if(lt(t,6),${sine(HZ.cut1)},if(lt(t,10),0,if(lt(t,12),${sine(HZ.cut2)},${sine(HZ.voice)}))))':s=44100:d=16`;

async function edlFile(file: string): Promise<TEdlFile> {
  const probe = await probeAudio(file);
  return { path: file, format: probe.formatName, duration_ms: Math.round(probe.durationSeconds * 1000) };
}

const words = (from: number, to: number) =>
  Array.from({ length: Math.round((to - from) / 0.5) }, (_, i) => ({
    text: 'la',
    start: from + i * 0.5,
    end: from + i * 0.5 + 0.45,
    confidence: null,
  }));

function segment(type: 'intro' | 'content' | 'outro', file: TEdlFile | null) {
  return { segment: ZSegment.parse({ id: type, segment_type: type, source: { source_type: 'static', filename: type } }), file };
}

describe('rendering an EDL (generated audio, measured on the output)', () => {
  const tmp = makeTempDir('ppp-render-test-');
  const at = (name: string) => path.join(tmp.dir, name);
  let edl: TEdl;
  let out: string;
  let contentStartS: number;

  beforeAll(async () => {
    requireTool('ffmpeg', 'ffmpeg');
    const content = await edlFile(lavfi(CONTENT, at('content.wav')));
    const music = await edlFile(lavfi(`sine=frequency=${HZ.music}:sample_rate=44100:duration=5`, at('music.wav')));
    const sfx = await edlFile(lavfi(`sine=frequency=${HZ.sfx}:sample_rate=44100:duration=0.5`, at('sfx.wav')));
    const answer = await edlFile(lavfi(`sine=frequency=${HZ.answer}:sample_rate=22050:duration=0.8`, at('answer.wav')));
    const detections = {
      flubber: {
        count: 1,
        matches: [
          {
            flubber_index: 0,
            word_index: 0,
            word_count: 1,
            text: 'flubber',
            start_s: 10.75,
            end_s: 11,
            score: 1,
            flubber_time_s: 10.75,
            flubber_end_s: 11,
            cut_start_s: 10,
            cut_end_s: 12,
          },
        ],
      },
      intern: {
        count: 1,
        matches: [
          {
            intern_index: 0,
            word_index: 0,
            word_count: 1,
            text: 'intern',
            start_s: 13,
            end_s: 14,
            score: 1,
            trigger_end_s: 13.4,
            prompt_text: 'a question',
            end_marker: null,
            default_end_s: 19,
            max_duration_s: 30,
          },
        ],
      },
      sfx: {
        count: 1,
        matches: [{ media_id: 'm', keyword: 'ding', word_index: 0, word_count: 1, text: 'ding', start_s: 11, end_s: 11.3, score: 1 }],
      },
      fillers: { count: 0, matches: [] },
      pauses: { count: 0, matches: [] },
      censored: { count: 0, matches: [] },
    };
    edl = planEpisode({
      template: {
        segments: [
          segment('intro', await edlFile(speak('Welcome to the test show.', at('intro.wav')))),
          segment('content', null),
          segment('outro', await edlFile(speak('Goodbye.', at('outro.wav')))),
        ],
        music: [
          {
            rule: ZBackgroundMusicRule.parse({
              apply_to_segments: ['intro', 'content'],
              music_filename: 'music.wav',
              fade_in_s: 1,
              fade_out_s: 1,
            }),
            file: music,
          },
        ],
        timing: { content_start_offset_s: -0.5, outro_start_offset_s: 0 },
      },
      content: { file: content, words: [...words(0, 4), ...words(12, 16)], detections },
      choices: {
        flubber: [0],
        intern: [{ intern_index: 0, file: answer }],
        sfx: [{ hit_index: 0, file: sfx, keep_keyword: true }],
        cleanup: { ...DEFAULT_AUDIO_CLEANUP_SETTINGS, removeFillers: false, removePauses: false },
        manualCuts: [{ start_ms: 4000, end_ms: 6000 }],
      },
    });
    contentStartS = (edl.segments[1]?.start_ms ?? 0) / 1000;
    out = at('episode.mp3');
    await renderEpisode(edl, out);
  }, 60_000);
  afterAll(() => tmp.cleanup());

  it('lasts the planned duration within 50 ms', () => {
    expect(edl.content.duration_ms).toBe(4000 + 4000 + 2000 + 800 + 2000);
    expect(Math.abs(decodedSeconds(out) - edl.duration_ms / 1000)).toBeLessThan(0.05);
  });

  it('has none of the audio inside the cuts, and keeps the speech around them', () => {
    const voice = levelBetween(bandLevels(out, HZ.voice, WINDOW), WINDOW, contentStartS + 0.5, contentStartS + 3.5);
    // Within the content only: the spoken intro and outro have formants at these frequencies too.
    const contentEndS = contentStartS + edl.content.duration_ms / 1000;
    const first = Math.ceil((contentStartS + 0.6) / WINDOW);
    for (const marker of [HZ.cut1, HZ.cut2]) {
      const loudest = Math.max(...bandLevels(out, marker, WINDOW).slice(first, Math.floor((contentEndS - 0.3) / WINDOW)));
      // The markers were as loud as the voice in the upload; what is left is the voice tone leaking through the filter.
      expect(loudest).toBeLessThan(voice - 35);
    }
  });

  it('plays the sound effect at the edge of the cut its keyword fell in, and splices the answer', () => {
    const sfxAt = (edl.inserts.find((insert) => insert.kind === 'sfx')?.at_ms ?? 0) / 1000;
    expect(sfxAt).toBeCloseTo(contentStartS + 8, 3);
    const sfx = bandLevels(out, HZ.sfx, WINDOW);
    expect(levelBetween(sfx, WINDOW, sfxAt + 0.1, sfxAt + 0.4)).toBeGreaterThan(levelBetween(sfx, WINDOW, sfxAt - 2, sfxAt - 0.5) + 30);
    const answerAt = (edl.inserts.find((insert) => insert.kind === 'intern')?.at_ms ?? 0) / 1000;
    const answer = bandLevels(out, HZ.answer, WINDOW);
    // After the answer the 1000 Hz voice leaks about 30 dB down into the 750 Hz band.
    expect(levelBetween(answer, WINDOW, answerAt + 0.1, answerAt + 0.7)).toBeGreaterThan(
      levelBetween(answer, WINDOW, answerAt + 1, answerAt + 1.8) + 20,
    );
    expect(levelBetween(answer, WINDOW, answerAt + 0.1, answerAt + 0.7)).toBeGreaterThan(
      levelBetween(answer, WINDOW, answerAt - 1.5, answerAt - 0.5) + 20,
    );
  });

  it('plays the bed only under its segments, fading in and out', () => {
    const bed = bandLevels(out, HZ.music, WINDOW);
    const bedEndS = (edl.music[0]?.end_ms ?? 0) / 1000;
    const underGap = levelBetween(bed, WINDOW, contentStartS + 6.5, contentStartS + 7.8);
    const underOutro = levelBetween(bed, WINDOW, bedEndS + 0.2, edl.duration_ms / 1000 - 0.1);
    expect(underOutro).toBeLessThan(underGap - 30);
    expect(levelBetween(bed, WINDOW, 0, 0.2)).toBeLessThan(levelBetween(bed, WINDOW, 0.8, 1.0) - 6);
    expect(levelBetween(bed, WINDOW, bedEndS - 0.2, bedEndS)).toBeLessThan(levelBetween(bed, WINDOW, bedEndS - 1.4, bedEndS - 1.0) - 6);
  });

  it('ducks the bed under speech by the configured amount', () => {
    const bed = bandLevels(out, HZ.music, WINDOW);
    const underSpeech = levelBetween(bed, WINDOW, contentStartS + 1, contentStartS + 3.5);
    const underSilence = levelBetween(bed, WINDOW, contentStartS + 6.5, contentStartS + 7.8);
    expect(underSilence - underSpeech).toBeGreaterThan((edl.music[0]?.duck?.amount_db ?? 0) - 1.5);
    expect(underSilence - underSpeech).toBeLessThan((edl.music[0]?.duck?.amount_db ?? 0) + 1.5);
  });

  it('is at -16 LUFS within 1 LU with true peak under -1 dBTP, and never clips', () => {
    const measured = loudness(out);
    expect(Math.abs(measured.lufs - -16)).toBeLessThanOrEqual(1);
    expect(measured.truePeak).toBeLessThan(-1);
    expect(samplePeakDb(out)).toBeLessThan(-1);
  });
});

describe('rendering in two parts, aborting and rendering again', () => {
  const tmp = makeTempDir('ppp-render-split-');
  const at = (name: string) => path.join(tmp.dir, name);
  let edl: TEdl;

  beforeAll(async () => {
    const content = await edlFile(lavfi('sine=frequency=440:sample_rate=48000:duration=150', at('tone.flac')));
    edl = planEpisode(contentOnlyInput(content, [{ start_ms: 20_000, end_ms: 30_000 }]));
  });
  afterAll(() => tmp.cleanup());

  it('leaves no file behind when aborted, and two later renders give the same bytes', async () => {
    const controller = new AbortController();
    const dest = at('episode.mp3');
    const aborted = renderEpisode(edl, dest, {
      signal: controller.signal,
      onProgress: (p) => p > 5 && controller.abort(new Error('worker killed')),
    });
    await expect(aborted).rejects.toThrow('worker killed');
    expect(readdirSync(tmp.dir).sort()).toEqual(['tone.flac']);
    const progress: number[] = [];
    await renderEpisode(edl, dest, { onProgress: (p) => progress.push(p) });
    const first = createHash('sha256').update(readFileSync(dest)).digest('hex');
    await renderEpisode(edl, dest);
    expect(createHash('sha256').update(readFileSync(dest)).digest('hex')).toBe(first);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(readdirSync(tmp.dir).sort()).toEqual(['episode.mp3', 'tone.flac']);
  }, 60_000);

  it('joins the two encodes without a gap: exact length and no dip in level at the join', () => {
    const dest = at('episode.mp3');
    expect(existsSync(dest)).toBe(true);
    expect(Math.abs(decodedSeconds(dest) - edl.duration_ms / 1000)).toBeLessThan(0.002);
    const split = planSplit(msToSamples(edl.duration_ms));
    if (split === null) throw new Error('expected a two-part encode');
    const joinS = (split.joinFrame * MP3_FRAME_SAMPLES - MP3_DELAY_SAMPLES) / 44_100;
    const levels = bandLevels(dest, 440, 0.01);
    const aroundJoin = levels.slice(Math.floor((joinS - 0.3) / 0.01), Math.ceil((joinS + 0.3) / 0.01));
    const steady = levelBetween(levels, 0.01, 5, 10);
    expect(Math.min(...aroundJoin)).toBeGreaterThan(steady - 0.5);
    expect(Math.max(...aroundJoin)).toBeLessThan(steady + 0.5);
  });

  it('computes waveform peaks for the editor from the rendered file', async () => {
    const dest = at('episode.mp3');
    const peaks = await computePeaks(dest, { samplesPerPixel: 800 });
    const seconds = decodedSeconds(dest);
    expect(peaks.data.length / 2).toBe(Math.ceil((seconds * 8000) / 800));
    const loudest = Math.max(...Array.from(peaks.data).map(Math.abs));
    expect(loudest).toBeGreaterThan(3000);
    expect(loudest).toBeLessThan(32_767);
    const controller = new AbortController();
    controller.abort(new Error('closed'));
    await expect(computePeaks(dest, { samplesPerPixel: 800, signal: controller.signal })).rejects.toThrow('closed');
  });
});
