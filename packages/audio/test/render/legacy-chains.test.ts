import { describe, expect, it } from 'vitest';
import type { FfmpegCapabilities } from '../../src/ffmpeg/capabilities.ts';
import { planEpisode } from '../../src/edl/index.ts';
import { MUSIC_BEDS, musicBedArgs } from '../../src/music/index.ts';
import { GraphBuilder, buildEpisodeGraph, windowTailChains } from '../../src/render/index.ts';
import { baseInput, musicRule } from '../edl/fixtures.ts';
import { s24PassArgs } from './pass-args.ts';

const LEGACY: FfmpegCapabilities = { amixNormalize: false, alimiterLatency: false, ebur128AnyRate: false };

describe('filter chains for the npm-shipped 2018 ffmpeg', () => {
  it('mixes endlessly padded inputs, scales the sum back and cuts it where asked', () => {
    const b = new GraphBuilder(LEGACY);
    const out = b.mix(['a', 'b', 'c'], 1000);
    expect(b.script()).toBe(
      [
        '[a]apad[s0]',
        '[b]apad[s1]',
        '[c]apad[s2]',
        `[s0][s1][s2]amix=inputs=3:duration=longest,volume=3,atrim=end_sample=1000[${out}]`,
      ].join(';\n'),
    );
    expect(new GraphBuilder(LEGACY).mix(['only'], 1000)).toBe('only');
  });

  it('builds an episode graph without normalize, every amix input padded', () => {
    const input = baseInput({ choices: { ...baseInput().choices, manualCuts: [{ start_ms: 10_000, end_ms: 12_500 }] } });
    input.template.music = [musicRule({ apply_to_segments: ['intro', 'content'], volume_db: -12 }, 20_000)];
    input.content.words = [{ text: 'hello', start: 1, end: 1.5, confidence: null }];
    const script = buildEpisodeGraph(planEpisode(input), new GraphBuilder(LEGACY)).builder.script();
    expect(script).not.toContain('normalize');
    const mixes = script.split(';\n').filter((chain) => chain.includes('amix='));
    expect(mixes.length).toBeGreaterThan(0);
    for (const chain of mixes) {
      const n = Number(/amix=inputs=(\d+)/.exec(chain)?.[1]);
      expect(chain).toMatch(new RegExp(`amix=inputs=${n}:duration=longest,volume=${n},atrim=end_sample=\\d+\\[`));
      for (const label of chain.slice(0, chain.indexOf('amix')).match(/\[\w+\]/g) ?? []) expect(script).toContain(`apad${label}`);
    }
  });

  it('encodes through a delay-compensated limiter and measures on a 48 kHz branch', () => {
    const args = s24PassArgs({ capabilities: LEGACY });
    expect(args[args.indexOf('-af') + 1]).toBe(
      'volume=27.08dB,apad=pad_len=219,alimiter=limit=0.70000:attack=5:release=50:level=0,atrim=start_sample=219,asetpts=PTS-STARTPTS,' +
        'asplit=2[encoded][measured];[measured]aresample=48000,ebur128=framelog=verbose,anullsink;[encoded]anull',
    );
  });

  it('measures a window on its branch at 48 kHz', () => {
    const window = { start: 0, end: 44_100 };
    expect(windowTailChains('mix', { graph: window, part: window, measure: window }, 's24le', LEGACY)[1]).toBe(
      '[measured]atrim=end_sample=44100,aresample=48000,ebur128=peak=sample:framelog=info,anullsink',
    );
  });

  it('renders a music bed with its layers after the first padded and the sum scaled back', () => {
    const bed = MUSIC_BEDS.find((recipe) => recipe.pulse && recipe.noise === undefined);
    if (bed === undefined) throw new Error('expected a bed with a pulse');
    const args = musicBedArgs(bed, 'x.mp3', LEGACY);
    const graph = args[args.indexOf('-filter_complex') + 1] ?? '';
    expect(graph).toContain('highpass=f=30,apad[beat]');
    expect(graph).toContain('[pad][beat]amix=inputs=2:duration=first,volume=2,');
    expect(graph).not.toContain('normalize');
  });
});
