import { describe, expect, it } from 'vitest';
import { GRAPH_PRE_ROLL_SAMPLES, S24_HEADROOM_DB, joinSample, planSplit, planWindows, windowTailChains } from '../../src/render/args.ts';
import { gatedLoudness, parseMomentary } from '../../src/render/loudness.ts';
import { placeInWindow, runsInRange, splitAroundMutes } from '../../src/render/timeline.ts';
import { s24PassArgs } from './pass-args.ts';

describe('restricting the timeline to a window', () => {
  it('places only the parts of items inside the window, in window time, asking each for its offset', () => {
    const asked: [number, number][] = [];
    const item = (start: number, length: number) => ({
      start,
      length,
      make: (offset: number, take: number) => (asked.push([offset, take]), `i${start}`),
    });
    const placed = placeInWindow([item(0, 100), item(150, 100), item(400, 10)], { start: 50, end: 200 });
    expect(placed).toEqual([
      { label: 'i0', start: 0, length: 50 },
      { label: 'i150', start: 100, length: 50 },
    ]);
    expect(asked).toEqual([
      [50, 50],
      [0, 50],
    ]);
  });

  it('cuts muted stretches out of kept source as silence runs', () => {
    expect(
      splitAroundMutes(0, 100, [
        { start: 20, end: 30 },
        { start: 90, end: 120 },
        { start: 200, end: 300 },
      ]),
    ).toEqual([
      { type: 'source', from: 0, to: 20 },
      { type: 'silence', length: 10 },
      { type: 'source', from: 30, to: 90 },
      { type: 'silence', length: 10 },
    ]);
  });

  it('finds the runs a stretch of the content track crosses, with what to skip and take of each', () => {
    const runs = [
      { type: 'source', from: 1000, to: 1100 },
      { type: 'insert', id: 'a', length: 50 },
      { type: 'source', from: 2000, to: 2200 },
    ] as const;
    expect(runsInRange(runs, 80, 100)).toEqual([
      { run: runs[0], skip: 80, take: 20 },
      { run: runs[1], skip: 0, take: 50 },
      { run: runs[2], skip: 0, take: 30 },
    ]);
  });
});

describe('assembly windows', () => {
  const total = 44_100 * 600;
  const split = planSplit(total);
  if (split === null) throw new Error('expected a split');

  it('tiles the episode with the measured stretches and cuts the parts the encoders read', () => {
    const [a, b] = planWindows(total, split);
    expect(a).toEqual({
      graph: { start: 0, end: split.firstEndSample },
      part: { start: 0, end: split.firstEndSample },
      measure: { start: 0, end: joinSample(split) },
    });
    expect(b?.part).toEqual({ start: split.secondStartSample, end: total });
    expect(b?.graph.start).toBe(split.secondStartSample - GRAPH_PRE_ROLL_SAMPLES);
    expect(b?.measure).toEqual({ start: joinSample(split), end: total });
    expect(planWindows(total, null)).toHaveLength(1);
  });

  it('drops the pre-roll, measures its own stretch and stores s24 with headroom that the encode gives back', () => {
    const b = planWindows(total, split)[1];
    if (b === undefined) throw new Error('expected two windows');
    const chains = windowTailChains('mix', b, 's24le').join(';');
    expect(chains).toContain(`[mix]atrim=start_sample=${GRAPH_PRE_ROLL_SAMPLES},asetpts=PTS-STARTPTS,asplit=2`);
    expect(chains).toContain(
      `atrim=start_sample=${joinSample(split) - split.secondStartSample}:end_sample=${total - split.secondStartSample}`,
    );
    expect(chains).toContain('ebur128=peak=sample:framelog=info');
    expect(chains).toContain('volume=0.0625[part]');
    const args = s24PassArgs().join(' ');
    expect(args).toContain('-f s24le -ar 44100 -ac 2');
    expect(args).toContain(`volume=${(3 + S24_HEADROOM_DB).toFixed(2)}dB`);
  });
});

describe('loudness from blocks', () => {
  it('reads the momentary loudness from ebur128 frame log lines', () => {
    expect(
      parseMomentary('[Parsed_ebur128_0 @ 0x55] t: 1.2        TARGET:-23 LUFS    M: -20.3 S: -21.0     I: -20.9 LUFS       LRA:   0.0 LU'),
    ).toBe(-20.3);
    expect(
      parseMomentary('[Parsed_ebur128_0 @ 0x55] t: 0.1        TARGET:-23 LUFS    M:  -inf S:  -inf     I: -70.0 LUFS       LRA:   0.0 LU'),
    ).toBe(Number.NEGATIVE_INFINITY);
    expect(parseMomentary('  Integrated loudness:')).toBeNull();
  });

  it('gates absolutely at -70 LUFS and relatively 10 LU under the mean', () => {
    expect(gatedLoudness([-20, -20, -20, -80])).toBeCloseTo(-20, 6);
    // -35 is more than 10 LU under the mean of the rest, so it is gated out too.
    expect(gatedLoudness([-20, -20, -35])).toBeCloseTo(-20, 6);
    expect(gatedLoudness([-20, -23])).toBeCloseTo(10 * Math.log10((10 ** -2 + 10 ** -2.3) / 2), 6);
    expect(gatedLoudness([])).toBe(Number.NEGATIVE_INFINITY);
  });
});
