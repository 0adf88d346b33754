import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_AUDIO_CLEANUP_SETTINGS, ZBackgroundMusicRule, ZSegment, type TEdl, type TEdlFile } from '@ppp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateFfmpeg, probeAudio } from '../../src/ffmpeg/index.ts';
import { planEpisode } from '../../src/edl/index.ts';
import { assembleEpisode, msToSamples, planSplit, planWindows, renderEpisode, type Assembly } from '../../src/render/index.ts';
import { lavfi, makeTempDir, requireTool, speak } from '../helpers/system.ts';
import { decodedSeconds, loudness } from './measure.ts';

async function edlFile(file: string): Promise<TEdlFile> {
  const probe = await probeAudio(file);
  return { path: file, format: probe.formatName, duration_ms: Math.round(probe.durationSeconds * 1000) };
}

/** Interleaved stereo samples of an s24 part, as integers. */
function s24(file: string): Int32Array {
  const bytes = readFileSync(file);
  const out = new Int32Array(Math.floor(bytes.length / 3));
  for (let i = 0; i < out.length; i++) out[i] = bytes.readIntLE(i * 3, 3);
  return out;
}

const segment = (type: 'intro' | 'content' | 'outro', file: TEdlFile | null) => ({
  segment: ZSegment.parse({ id: type, segment_type: type, source: { source_type: 'static', filename: type } }),
  file,
});

const span = (i: number, s: number, length = 0.4) => ({ word_index: i, word_count: 1, text: 'x', start_s: s, end_s: s + length });

describe('two assembly windows give what one gives', () => {
  const tmp = makeTempDir('ppp-render-windows-');
  const at = (name: string) => path.join(tmp.dir, name);
  let edl: TEdl;
  let whole: Assembly;
  let split: Assembly;

  beforeAll(async () => {
    requireTool('ffmpeg', 'ffmpeg');
    // 48 kHz content, so the window that starts mid-upload also resamples from a dropped start.
    const content = await edlFile(lavfi("aevalsrc=exprs='0.2*sin(2*PI*(300+40*floor(t/2))*t)':s=48000:d=60", at('content.flac')));
    const music = await edlFile(lavfi('sine=frequency=90:sample_rate=44100:duration=3.3', at('music.mp3'), ['-ac', '2']));
    const sfx = await edlFile(lavfi('anoisesrc=color=pink:amplitude=0.2:duration=2.5:sample_rate=44100', at('sfx.wav')));
    const answer = await edlFile(lavfi('sine=frequency=750:sample_rate=22050:duration=1.7', at('answer.wav')));
    const manualCuts = Array.from({ length: 12 }, (_, i) => ({ start_ms: 2_500 + i * 4_700, end_ms: 3_100 + i * 4_700 }));
    const words = Array.from({ length: 30 }, (_, i) => ({ text: 'la', start: i * 2, end: i * 2 + 1.3, confidence: null }));
    const sfxHits = Array.from({ length: 14 }, (_, i) => ({ media_id: 'sfx', keyword: 'ding', ...span(i, 1 + i * 4.1), score: 1 }));
    const intern = Array.from({ length: 6 }, (_, i) => ({
      intern_index: i,
      ...span(i, 4 + i * 9.3),
      score: 1,
      trigger_end_s: 0,
      prompt_text: `q${i}`,
      end_marker: null,
      default_end_s: 0,
      max_duration_s: 30,
    }));
    edl = planEpisode({
      template: {
        segments: [
          segment('intro', await edlFile(speak('Welcome to the windows test.', at('intro.wav')))),
          segment('content', null),
          segment('outro', await edlFile(speak('Goodbye.', at('outro.wav')))),
        ],
        music: [
          {
            rule: ZBackgroundMusicRule.parse({
              apply_to_segments: ['intro', 'content'],
              music_filename: 'music.mp3',
              fade_in_s: 1,
              fade_out_s: 2,
            }),
            file: music,
          },
        ],
        timing: { content_start_offset_s: -0.5, outro_start_offset_s: -0.3 },
      },
      content: {
        file: content,
        words,
        detections: {
          flubber: { count: 0, matches: [] },
          fillers: { count: 0, matches: [] },
          pauses: { count: 0, matches: [] },
          censored: { count: 0, matches: [] },
          sfx: { count: sfxHits.length, matches: sfxHits },
          intern: { count: intern.length, matches: intern },
        },
      },
      choices: {
        flubber: [],
        intern: intern.map((command) => ({ intern_index: command.intern_index, file: answer })),
        sfx: sfxHits.map((_, hit_index) => ({ hit_index, file: sfx, keep_keyword: true })),
        cleanup: { ...DEFAULT_AUDIO_CLEANUP_SETTINGS, removeFillers: false, removePauses: false },
        manualCuts,
      },
    });
    const { ffmpeg } = locateFfmpeg();
    whole = await assembleEpisode(edl, { ffmpeg, dir: tmp.dir, split: null });
    const wholeCopy = at('whole.s24');
    const { rename } = await import('node:fs/promises');
    await rename(whole.parts[0]?.path ?? '', wholeCopy);
    whole = { ...whole, parts: [{ path: wholeCopy, span: whole.parts[0]?.span ?? { start: 0, end: 0 } }] };
    split = await assembleEpisode(edl, { ffmpeg, dir: tmp.dir, split: planSplit(msToSamples(edl.duration_ms), 0) });
  }, 120_000);
  afterAll(() => tmp.cleanup());

  it('starts the second window inside a cut-up content piece, a sound effect, the ducked bed and an answer splice region', () => {
    const windows = planWindows(msToSamples(edl.duration_ms), planSplit(msToSamples(edl.duration_ms), 0));
    const boundary = windows[1]?.graph.start ?? 0;
    expect(boundary).toBeGreaterThan(0);
    const inside = (start: number, length: number) => start < boundary && boundary < start + length;
    const bed = edl.music[0];
    expect(bed !== undefined && inside(msToSamples(bed.start_ms), msToSamples(bed.end_ms - bed.start_ms))).toBe(true);
    expect(
      edl.inserts.some((insert) => insert.mode === 'overlay' && inside(msToSamples(insert.at_ms), msToSamples(insert.duration_ms))),
    ).toBe(true);
    expect(edl.speech.some((range) => inside(msToSamples(range.start_ms), msToSamples(range.end_ms - range.start_ms)))).toBe(true);
    // Cuts and splices on both sides of the boundary, and in the part after the join.
    const contentStart = msToSamples(edl.segments[1]?.start_ms ?? 0);
    const spliceStarts = edl.inserts.filter((insert) => insert.mode === 'splice').map((insert) => msToSamples(insert.at_ms));
    expect(spliceStarts.some((start) => start < boundary) && spliceStarts.some((start) => start > (windows[1]?.measure.start ?? 0))).toBe(
      true,
    );
    expect(edl.content.cuts.length).toBeGreaterThan(8);
    expect(contentStart).toBeLessThan(boundary);
  });

  it('writes the same samples, to within the last bits of 24', () => {
    expect(split.parts).toHaveLength(2);
    expect(split.format).toBe('s24le');
    const reference = s24(whole.parts[0]?.path ?? '');
    expect(reference.length).toBe(msToSamples(edl.duration_ms) * 2);
    let worst = 0;
    let compared = 0;
    for (const part of split.parts) {
      const samples = s24(part.path);
      expect(samples.length).toBe((part.span.end - part.span.start) * 2);
      for (let i = 0; i < samples.length; i++) {
        worst = Math.max(worst, Math.abs((samples[i] ?? 0) - (reference[part.span.start * 2 + i] ?? 0)));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(reference.length);
    // In practice bit-identical; one step of 24 bits is -138 dBFS at the stored level.
    expect(worst).toBeLessThanOrEqual(2);
  });

  it('measures the same loudness from the two windows combined as from one', () => {
    expect(Math.abs(split.lufs - whole.lufs)).toBeLessThan(0.1);
    expect(Math.abs(split.peakDb - whole.peakDb)).toBeLessThan(0.01);
  });

  it('renders the same episode through two windows and two encodes as through one of each', async () => {
    const one = at('one.mp3');
    const two = at('two.mp3');
    const [a, b] = await Promise.all([renderEpisode(edl, one, { parallel: false }), renderEpisode(edl, two, { forceSplit: true })]);
    expect([a.windows, b.windows]).toEqual([1, 2]);
    expect(Math.abs(a.gainDb - b.gainDb)).toBeLessThan(0.1);
    expect(Math.abs(decodedSeconds(two) - decodedSeconds(one))).toBeLessThan(0.001);
    expect(Math.abs(loudness(two).lufs - loudness(one).lufs)).toBeLessThan(0.15);
  }, 60_000);
});
