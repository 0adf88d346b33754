import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { DEFAULT_AUDIO_CLEANUP_SETTINGS, ZBackgroundMusicRule, ZSegment, type TEdl, type TEdlFile } from '@ppp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_FFMPEG, ffmpegCapabilities, probeAudio } from '../../src/ffmpeg/index.ts';
import { planEpisode } from '../../src/edl/index.ts';
import { GraphBuilder, computePeaks, renderEpisode } from '../../src/render/index.ts';
import { bundledFfmpegForTests } from '../helpers/bundled.ts';
import { lavfi, makeTempDir, requireTool } from '../helpers/system.ts';
import { decodedSeconds, loudness } from './measure.ts';

const bundled = bundledFfmpegForTests();
const RATE = 44_100;
const LEGACY = { amixNormalize: false, alimiterLatency: false, ebur128AnyRate: false };

async function edlFile(file: string): Promise<TEdlFile> {
  const probe = await probeAudio(file);
  return { path: file, format: probe.formatName, duration_ms: Math.round(probe.durationSeconds * 1000) };
}

/** Interleaved 44.1 kHz stereo float samples of a file, decoded by the system ffmpeg. */
function decode(file: string): Float32Array {
  const out = spawnSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'f32le', '-ac', '2', '-ar', String(RATE), 'pipe:1'], {
    maxBuffer: 256 << 20,
  });
  if (out.status !== 0) throw new Error(`decoding ${file} failed: ${out.stderr.toString().slice(-1000)}`);
  return new Float32Array(out.stdout.buffer, out.stdout.byteOffset, out.stdout.byteLength / 4);
}

function rmsDb(samples: ArrayLike<number>, from: number, to: number, other?: ArrayLike<number>, lag = 0): number {
  let sum = 0;
  for (let i = from; i < to; i++) {
    const value = (samples[i] ?? 0) - (other === undefined ? 0 : (other[i + lag] ?? 0));
    sum += value * value;
  }
  return 10 * Math.log10(sum / (to - from) + 1e-30);
}

/** The shift of b (in samples of one channel, within +-maxLag) at which it best matches a, over [from, to). */
function bestLag(a: Float32Array, b: Float32Array, from: number, to: number, maxLag: number): number {
  let best = 0;
  let bestDb = Number.POSITIVE_INFINITY;
  for (let lag = -maxLag; lag <= maxLag; lag++) {
    const db = rmsDb(a, 2 * from, 2 * to, b, 2 * lag);
    if (db < bestDb) [best, bestDb] = [lag, db];
  }
  return best;
}

const segment = (type: 'content' | 'outro', file: TEdlFile | null) => ({
  segment: ZSegment.parse({ id: type, segment_type: type, source: { source_type: 'static', filename: type } }),
  file,
});
const span = (i: number, s: number) => ({ word_index: i, word_count: 1, text: 'x', start_s: s, end_s: s + 0.4 });

describe.skipIf(bundled.path === null)(
  `rendering with the npm-shipped ffmpeg${bundled.skipReason === null ? '' : ` (skipped: ${bundled.skipReason})`}`,
  () => {
    const ffmpeg = bundled.path ?? '';
    const tmp = makeTempDir('ppp-render-bundled-');
    const at = (name: string) => path.join(tmp.dir, name);
    let edl: TEdl;

    beforeAll(async () => {
      requireTool('ffmpeg', 'ffmpeg');
      // 48 kHz content with a stepped tone, two cuts, a spliced answer, a looped bed faded and ducked
      // under the words, and a sound effect of loud decaying bursts over it that the limiter has to catch.
      const content = await edlFile(lavfi("aevalsrc=exprs='0.2*sin(2*PI*(300+40*floor(t/2))*t)':s=48000:d=12", at('content.flac')));
      const outro = await edlFile(lavfi('sine=frequency=520:sample_rate=22050:duration=1.5', at('outro.wav')));
      const music = await edlFile(lavfi('sine=frequency=90:sample_rate=44100:duration=3.3', at('music.mp3'), ['-ac', '2']));
      const answer = await edlFile(lavfi('sine=frequency=750:sample_rate=22050:duration=1.2', at('answer.wav')));
      const sfx = await edlFile(lavfi("aevalsrc=exprs='0.95*sin(2*PI*200*t)*exp(-25*mod(t,0.2))':s=44100:d=0.8", at('sfx.wav')));
      const intern = [
        {
          intern_index: 0,
          ...span(0, 5),
          score: 1,
          trigger_end_s: 0,
          prompt_text: 'q',
          end_marker: null,
          default_end_s: 0,
          max_duration_s: 30,
        },
      ];
      const sfxHits = [{ media_id: 'sfx', keyword: 'ding', ...span(1, 8), score: 1 }];
      const none = { count: 0, matches: [] };
      edl = planEpisode({
        template: {
          segments: [segment('content', null), segment('outro', outro)],
          music: [
            {
              rule: ZBackgroundMusicRule.parse({
                apply_to_segments: ['content', 'outro'],
                music_filename: 'music.mp3',
                fade_in_s: 1,
                fade_out_s: 1.5,
              }),
              file: music,
            },
          ],
          timing: { content_start_offset_s: 0, outro_start_offset_s: -0.3 },
        },
        content: {
          file: content,
          words: Array.from({ length: 4 }, (_, i) => ({ text: 'la', start: 1 + i * 2.5, end: 2.2 + i * 2.5, confidence: null })),
          detections: {
            flubber: none,
            fillers: none,
            pauses: none,
            censored: none,
            intern: { count: 1, matches: intern },
            sfx: { count: 1, matches: sfxHits },
          },
        },
        choices: {
          flubber: [],
          intern: [{ intern_index: 0, file: answer }],
          sfx: [{ hit_index: 0, file: sfx, keep_keyword: true }],
          cleanup: { ...DEFAULT_AUDIO_CLEANUP_SETTINGS, removeFillers: false, removePauses: false },
          manualCuts: [
            { start_ms: 3_000, end_ms: 3_600 },
            { start_ms: 9_000, end_ms: 10_000 },
          ],
        },
      });
      await Promise.all([
        renderEpisode(edl, at('system.mp3'), { ffmpegPath: requireTool('ffmpeg', 'ffmpeg') }),
        renderEpisode(edl, at('bundled.mp3'), { ffmpegPath: ffmpeg }),
        renderEpisode(edl, at('bundled-split.mp3'), { ffmpegPath: ffmpeg, forceSplit: true }),
      ]);
    }, 60_000);
    afterAll(() => tmp.cleanup());

    it('is probed as the old build: no amix normalize, no alimiter latency, ebur128 only at 48 kHz', async () => {
      expect(await ffmpegCapabilities(ffmpeg)).toEqual(LEGACY);
      expect(await ffmpegCapabilities(requireTool('ffmpeg', 'ffmpeg'))).toEqual(CURRENT_FFMPEG);
    });

    it('plans an EDL with cuts, a spliced answer, a sound effect and a faded, ducked bed', () => {
      expect(edl.content.cuts.length).toBeGreaterThanOrEqual(2);
      expect(edl.inserts.map((insert) => insert.mode).sort()).toEqual(['overlay', 'splice']);
      expect(edl.music[0]?.duck).not.toBeNull();
      expect(edl.music[0]?.fade_in_ms).toBe(1000);
    });

    it.each(['bundled.mp3', 'bundled-split.mp3'])('%s lasts the planned duration within 50 ms', (name) => {
      expect(Math.abs(decodedSeconds(at(name)) - edl.duration_ms / 1000)).toBeLessThan(0.05);
    });

    it.each(['bundled.mp3', 'bundled-split.mp3'])('%s is at -16 LUFS within 1 LU with true peak under -1 dBTP', (name) => {
      const measured = loudness(at(name));
      expect(Math.abs(measured.lufs - -16)).toBeLessThanOrEqual(1);
      expect(measured.truePeak).toBeLessThan(-1);
    });

    it('matches the system ffmpeg render: loudness within 0.5 LU, aligned to the sample, the same audio', () => {
      const system = loudness(at('system.mp3'));
      const old = decode(at('bundled.mp3'));
      const reference = decode(at('system.mp3'));
      expect(old.length).toBe(reference.length);
      for (const name of ['bundled.mp3', 'bundled-split.mp3']) expect(Math.abs(loudness(at(name)).lufs - system.lufs)).toBeLessThan(0.5);
      const frames = reference.length / 2;
      // The limiter's delay, left uncompensated, would show as a lag of 219 samples.
      expect(bestLag(reference, old, RATE, RATE * 4, 300)).toBe(0);
      // The old ebur128 measures at 48 kHz, so the gain can differ by hundredths of a dB (then the MP3 encoder chooses differently).
      expect(rmsDb(reference, 0, 2 * frames, old)).toBeLessThan(rmsDb(reference, 0, 2 * frames) - 25);
    });

    it('sums a legacy mix exactly and ends it where asked', () => {
      const sources = ['sine=frequency=440:sample_rate=44100', 'sine=frequency=1000:sample_rate=44100', 'anoisesrc=r=44100:a=0.3:seed=3'];
      const lengths = [30_000, 50_000, 20_000];
      const render = (build: (b: GraphBuilder) => string): Float32Array => {
        const b = new GraphBuilder(LEGACY);
        const out = build(b);
        const stdout = execFileSync(ffmpeg, ['-v', 'error', '-filter_complex', b.script(), '-map', `[${out}]`, '-f', 'f32le', 'pipe:1'], {
          maxBuffer: 64 << 20,
          timeout: 20_000,
        });
        return new Float32Array(stdout.buffer, stdout.byteOffset, stdout.byteLength / 4);
      };
      const mixed = render((b) =>
        b.mix(
          sources.map((spec, i) => b.source(spec, lengths[i])),
          50_000,
        ),
      );
      const alone = sources.map((spec, i) => render((b) => b.source(spec, lengths[i])));
      expect(mixed.length).toBe(2 * 50_000);
      let worst = 0;
      for (let i = 0; i < mixed.length; i++)
        worst = Math.max(worst, Math.abs((mixed[i] ?? 0) - alone.reduce((sum, part) => sum + (part[i] ?? 0), 0)));
      // Float rounding of x/3*3 at most: about -140 dBFS.
      expect(worst).toBeLessThan(1e-6);
    });

    it('computes the waveform peaks of the render', async () => {
      const peaks = await computePeaks(at('bundled.mp3'), { samplesPerPixel: 800, ffmpegPath: ffmpeg });
      expect(peaks.data.length / 2).toBe(Math.ceil((decodedSeconds(at('bundled.mp3')) * 8000) / 800));
      expect(Math.max(...Array.from(peaks.data).map(Math.abs))).toBeGreaterThan(3000);
    });
  },
);
