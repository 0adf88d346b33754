import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_AUDIO_CLEANUP_SETTINGS, ZBackgroundMusicRule, ZSegment, type TEdl, type TEdlFile } from '@ppp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeAudio } from '../../src/ffmpeg/index.ts';
import { planEpisode } from '../../src/edl/index.ts';
import { MP3_FRAME_SAMPLES, frameLength, msToSamples, renderEpisode, sameAudioUntil, type RenderResult } from '../../src/render/index.ts';
import { lavfi, makeTempDir, requireTool, speak } from '../helpers/system.ts';
import { decodedSeconds, loudness } from './measure.ts';
import { emptyDetections } from '../edl/fixtures.ts';

async function edlFile(file: string): Promise<TEdlFile> {
  const probe = await probeAudio(file);
  return { path: file, format: probe.formatName, duration_ms: Math.round(probe.durationSeconds * 1000) };
}

/** The edit: a cut in the content, early enough that over two minutes follow it (the new stretch is split over two processes). */
const CUT_MS = 70_000;

const segment = (type: 'intro' | 'content' | 'outro', file: TEdlFile | null) => ({
  segment: ZSegment.parse({ id: type, segment_type: type, source: { source_type: 'static', filename: type } }),
  file,
});

/** The MP3's audio frames (ID3 tag and Info frame skipped), as byte strings. */
function frames(file: string): Buffer[] {
  const bytes = readFileSync(file);
  let at = bytes.toString('latin1', 0, 3) === 'ID3' ? 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!) : 0;
  at += frameLength(bytes, at) ?? 0;
  const out: Buffer[] = [];
  for (let length = frameLength(bytes, at); length !== null; length = frameLength(bytes, at)) {
    out.push(bytes.subarray(at, at + length));
    at += length;
  }
  return out;
}

/** Decoded samples (mono mix, float) of an MP3, players' delay and padding trimmed. */
function decoded(file: string): Float32Array {
  const result = spawnSync('ffmpeg', ['-v', 'error', '-i', file, '-ac', '1', '-f', 'f32le', '-'], { maxBuffer: 256 << 20 });
  const buffer = result.stdout as Buffer;
  return new Float32Array(buffer.buffer, buffer.byteOffset, buffer.byteLength / 4);
}

function levelDb(values: ArrayLike<number>, from: number, to: number, minus?: ArrayLike<number>): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += ((values[i] ?? 0) - (minus?.[i] ?? 0)) ** 2;
  return 10 * Math.log10(sum / Math.max(1, to - from));
}

describe('a render of an edited EDL reuses the earlier render up to the edit', () => {
  const tmp = makeTempDir('ppp-render-reuse-');
  const at = (name: string) => path.join(tmp.dir, name);
  let first: TEdl;
  let edited: TEdl;
  let earlier: RenderResult;
  let reused: RenderResult;

  /** The same show, content and music; the second has one more manual cut and a new title. */
  async function plan(extraCut: boolean): Promise<TEdl> {
    const content = await edlFile(at('content.flac'));
    const music = await edlFile(at('music.mp3'));
    const manualCuts = [{ start_ms: 10_000, end_ms: 11_000 }, ...(extraCut ? [{ start_ms: CUT_MS, end_ms: CUT_MS + 2_500 }] : [])];
    const planned = planEpisode({
      template: {
        segments: [
          segment('intro', await edlFile(at('intro.wav'))),
          segment('content', null),
          segment('outro', await edlFile(at('outro.wav'))),
        ],
        music: [
          {
            rule: ZBackgroundMusicRule.parse({
              apply_to_segments: ['intro', 'content'],
              music_filename: 'music.mp3',
              fade_in_s: 1,
              fade_out_s: 3,
            }),
            file: music,
          },
        ],
        timing: { content_start_offset_s: -0.5, outro_start_offset_s: 0 },
      },
      content: {
        file: content,
        words: Array.from({ length: 100 }, (_, i) => ({ text: 'la', start: i * 2, end: i * 2 + 1.3, confidence: null })),
        detections: emptyDetections(),
      },
      choices: {
        flubber: [],
        intern: [],
        sfx: [],
        cleanup: { ...DEFAULT_AUDIO_CLEANUP_SETTINGS, removeFillers: false, removePauses: false },
        manualCuts,
      },
    });
    return extraCut ? { ...planned, metadata: { ...planned.metadata, title: 'The edited take' } } : planned;
  }

  beforeAll(async () => {
    requireTool('ffmpeg', 'ffmpeg');
    lavfi("aevalsrc=exprs='0.25*sin(2*PI*(220+30*floor(t/3))*t)':s=44100:d=200", at('content.flac'));
    lavfi('sine=frequency=95:sample_rate=44100:duration=4.1', at('music.mp3'), ['-ac', '2']);
    speak('Welcome to the reuse test.', at('intro.wav'));
    speak('Goodbye.', at('outro.wav'));
    first = await plan(false);
    edited = await plan(true);
    earlier = await renderEpisode(first, at('first.mp3'));
    reused = await renderEpisode(edited, at('reused.mp3'), {
      reuse: { previousPath: at('first.mp3'), memo: earlier.memo, sameSamples: sameAudioUntil(first, edited) },
    });
    await renderEpisode(edited, at('whole.mp3'));
  }, 240_000);
  afterAll(() => tmp.cleanup());

  it('finds where the mixes part: at the new cut, not before', () => {
    const cutAt = msToSamples((edited.segments[1]?.start_ms ?? 0) + CUT_MS - 1_000);
    const same = sameAudioUntil(first, edited);
    expect(same).toBeGreaterThan(cutAt - 4 * 44_100);
    expect(same).toBeLessThanOrEqual(msToSamples((edited.segments[1]?.start_ms ?? 0) + CUT_MS));
    expect(sameAudioUntil(first, first)).toBe(Math.floor(msToSamples(first.duration_ms) / MP3_FRAME_SAMPLES) * MP3_FRAME_SAMPLES);
  });

  it("keeps the earlier render's frames byte for byte up to the join, with the new tags", () => {
    expect(reused.reusedSamples).toBeGreaterThan(60 * 44_100);
    expect(reused.windows).toBe(2);
    const kept = Math.floor((reused.reusedSamples + 1105) / MP3_FRAME_SAMPLES);
    const old = frames(at('first.mp3'));
    const now = frames(at('reused.mp3'));
    expect(Buffer.concat(now.slice(0, kept)).equals(Buffer.concat(old.slice(0, kept)))).toBe(true);
    const title = spawnSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format_tags=title', '-of', 'default=nw=1:nk=1', at('reused.mp3')],
      {
        encoding: 'utf8',
      },
    ).stdout.trim();
    expect(title).toBe('The edited take');
  });

  it('decodes to the edited programme: its length, its loudness, and what a whole render gives', () => {
    expect(Math.abs(decodedSeconds(at('reused.mp3')) - edited.duration_ms / 1000)).toBeLessThan(0.03);
    const { lufs, truePeak } = loudness(at('reused.mp3'));
    expect(Math.abs(lufs - -16)).toBeLessThanOrEqual(1);
    expect(truePeak).toBeLessThanOrEqual(-0.9);
    const reference = decoded(at('whole.mp3'));
    const joined = decoded(at('reused.mp3'));
    expect(joined.length).toBe(reference.length);
    // Across the join and after it: the difference is coding noise, far below the signal.
    const join = reused.reusedSamples;
    for (const [from, to] of [
      [join - 44_100, join + 44_100],
      [join + 44_100, joined.length],
    ] as const) {
      expect(levelDb(joined, from, to, reference) - levelDb(reference, from, to)).toBeLessThan(-25);
    }
  });
});
