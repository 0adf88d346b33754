import { describe, expect, it } from 'vitest';
import { MEDIA_DEMUXERS } from '../../src/ffmpeg/index.ts';
import { planEpisode } from '../../src/edl/index.ts';
import {
  MP3_DELAY_SAMPLES,
  MP3_FRAME_SAMPLES,
  buildEpisodeGraph,
  combineLoudness,
  crc16,
  LAME_QUALITY,
  encodePassArgs,
  ffmetadata,
  frameLength,
  limiterCeiling,
  loudnessGainDb,
  measureAndSplitChains,
  msToSamples,
  parseEbur128Summaries,
  planSplit,
} from '../../src/render/index.ts';
import { baseInput, musicRule } from '../edl/fixtures.ts';

type EncodePassOptions = Parameters<typeof encodePassArgs>[0];
/** A float render's pass (3.456 dB gain, the -1 dBTP ceiling, 192 kb/s) to a.mp3, with `over` changed. */
const f32PassArgs = (over: Partial<EncodePassOptions> = {}) =>
  encodePassArgs({
    input: 'a.f32',
    gainDb: 3.456,
    ceiling: limiterCeiling(-1),
    bitrateKbps: 192,
    metadataPath: null,
    dest: 'a.mp3',
    ...over,
  });

describe('the episode graph', () => {
  const input = baseInput({ choices: { ...baseInput().choices, manualCuts: [{ start_ms: 10_000, end_ms: 12_500 }] } });
  input.template.music = [musicRule({ apply_to_segments: ['intro', 'content'], volume_db: -12 }, 20_000)];
  input.content.words = [{ text: 'hello', start: 1, end: 1.5, confidence: null }];
  const edl = planEpisode(input);
  const { builder, output, totalSamples } = buildEpisodeGraph(edl);
  const script = builder.script();

  it('reads every input as a local file with its demuxer named', () => {
    for (const args of builder.inputs) {
      expect(args.slice(0, 6)).toEqual(['-protocol_whitelist', 'file', '-format_whitelist', MEDIA_DEMUXERS, '-f', args[5]]);
      expect(args.at(-2)).toBe('-i');
    }
    expect(builder.inputs.map((args) => args[5])).toEqual(['wav', 'wav', 'wav', 'mp3']);
  });

  it('cuts the content with sample-exact trims and mixes without normalising', () => {
    expect(script).toContain(`atrim=start_sample=0:end_sample=${msToSamples(10_000)}`);
    expect(script).toContain(`atrim=start_sample=${msToSamples(12_500)}:end_sample=${msToSamples(60_000)}`);
    expect(script).toMatch(/amix=inputs=\d:normalize=0/);
    expect(script).not.toMatch(/normalize=1/);
    expect(totalSamples).toBe(msToSamples(edl.duration_ms));
    expect(script.endsWith(`atrim=end_sample=${totalSamples}[${output}]`)).toBe(true);
  });

  it('loops, fades, gains and ducks the bed with a compressor keyed on the planned speech', () => {
    expect(script).toContain('aloop=loop=-1');
    expect(script).toMatch(/afade=t=in:ss=0:ns=88200/);
    expect(script).toContain('volume=-12dB');
    const threshold = Number(/sidechaincompress=threshold=([\d.]+)/.exec(script)?.[1]);
    // A 1/8-amplitude sine key sits 12 / (1 - 1/20) dB above the threshold, so the bed drops 12 dB.
    expect(20 * Math.log10(0.125 / Math.SQRT2 / threshold) * (1 - 1 / 20)).toBeCloseTo(12, 2);
  });
});

describe('splitting the encode', () => {
  it('keeps short programmes whole', () => {
    expect(planSplit(msToSamples(119_000))).toBeNull();
  });

  it('splits on the MP3 frame grid with pre-roll for the second part and a tail for the first', () => {
    const total = msToSamples(3_600_000);
    const split = planSplit(total);
    if (split === null) throw new Error('expected a split');
    expect(split.secondStartSample % MP3_FRAME_SAMPLES).toBe(0);
    expect(split.secondStartSample).toBeLessThan(split.joinFrame * MP3_FRAME_SAMPLES - MP3_DELAY_SAMPLES - 44_100);
    expect(split.firstEndSample).toBeGreaterThan(split.joinFrame * MP3_FRAME_SAMPLES + 8 * MP3_FRAME_SAMPLES);
    expect(Math.abs(split.joinFrame * MP3_FRAME_SAMPLES - MP3_DELAY_SAMPLES - total / 2)).toBeLessThan(MP3_FRAME_SAMPLES);
    expect(measureAndSplitChains('mix', split).labels).toEqual(['part_a', 'part_b']);
  });

  it('encodes CBR MP3 without the bit reservoir, limited below the true-peak target', () => {
    const args = f32PassArgs();
    expect(args.join(' ')).toContain('-f f32le -ar 44100 -ac 2 -protocol_whitelist file -i a.f32');
    expect(args.join(' ')).toContain('volume=3.46dB,alimiter=limit=0.70795:attack=5:release=50:level=0:latency=1');
    expect(args.join(' ')).toContain(`-c:a libmp3lame -compression_level ${LAME_QUALITY} -b:a 192k -reservoir 0`);
  });

  it('leaves out the limiter and the loudness check when the gained peak cannot reach the ceiling', () => {
    const args = f32PassArgs({ limit: false });
    expect(args[args.indexOf('-af') + 1]).toBe('volume=3.46dB');
  });
});

describe('loudness', () => {
  const stderr = `[Parsed_ebur128_0 @ 0x1] Summary:\n\n  Integrated loudness:\n    I:         -70.0 LUFS\n    Threshold:   0.0 LUFS\n
[Parsed_ebur128_1 @ 0x2] Summary:\n\n  Integrated loudness:\n    I:         -21.3 LUFS\n    Threshold: -31.4 LUFS\n\n  Loudness range:\n    LRA:         4.2 LU\n\n  True peak:\n    Peak:       -3.5 dBFS\n`;

  it('reads every ebur128 summary in order', () => {
    expect(parseEbur128Summaries(stderr)).toEqual([
      { integratedLufs: -70, lra: null, peakDb: null },
      { integratedLufs: -21.3, lra: 4.2, peakDb: -3.5 },
    ]);
  });

  it('bounds the gain and combines parts by energy', () => {
    expect(loudnessGainDb(-21.3, -16)).toBeCloseTo(5.3);
    expect(loudnessGainDb(-70, -16)).toBe(30);
    expect(loudnessGainDb(Number.NEGATIVE_INFINITY, -16)).toBe(0);
    expect(
      combineLoudness([
        { lufs: -16, seconds: 10 },
        { lufs: -16, seconds: 30 },
      ]),
    ).toBeCloseTo(-16);
    expect(
      combineLoudness([
        { lufs: -13, seconds: 1 },
        { lufs: -100, seconds: 1 },
      ]),
    ).toBeCloseTo(-16, 1);
  });
});

describe('metadata and MP3 frames', () => {
  it('writes ffmetadata with escaped tags and millisecond chapters', () => {
    const text = ffmetadata({ title: 'A=B; #1', artist: 'Me', album: '', comment: '', genre: 'Podcast', date: '', track: '' }, [
      { title: 'Intro', start_ms: 0, end_ms: 5000 },
    ]);
    expect(text).toBe(
      ';FFMETADATA1\ntitle=A\\=B\\; \\#1\nartist=Me\ngenre=Podcast\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=5000\ntitle=Intro\n',
    );
  });

  it('measures MPEG-1 Layer III frames and checksums like the LAME tag', () => {
    expect(frameLength(Uint8Array.from([0xff, 0xfb, 0xb0, 0x00]), 0)).toBe(626);
    expect(frameLength(Uint8Array.from([0xff, 0xfb, 0xb2, 0x00]), 0)).toBe(627);
    expect(frameLength(Uint8Array.from([0x49, 0x44, 0x33, 0x04]), 0)).toBeNull();
    expect(crc16(new TextEncoder().encode('123456789'))).toBe(0xbb3d);
  });
});
