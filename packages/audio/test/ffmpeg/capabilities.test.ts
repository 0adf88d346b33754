import { describe, expect, it } from 'vitest';
import { CURRENT_FFMPEG, capabilitiesFrom, filterOptionNames, showinfoRate } from '../../src/ffmpeg/capabilities.ts';
import { alignedLegacyLimiter, legacyEbur128, legacyLimiterDelay, unscaledAmix } from '../../src/ffmpeg/legacy-filters.ts';

/** `ffmpeg -hide_banner -h filter=amix` of Debian's 5.1 (named constants carry a value, not a <type>). */
const AMIX_5_1 = `Filter amix
  Audio mixing.
    Inputs:
        dynamic (depending on the options)
    Outputs:
       #0: default (audio)
amix AVOptions:
   inputs            <int>        ..F.A...... Number of inputs. (from 1 to 32767) (default 2)
   duration          <int>        ..F.A...... How to determine the end-of-stream. (from 0 to 2) (default longest)
     longest         0            ..F.A...... Duration of longest input.
     shortest        1            ..F.A...... Duration of shortest input.
     first           2            ..F.A...... Duration of first input.
   dropout_transition <float>      ..F.A...... Transition time, in seconds, for volume renormalization when an input stream ends. (from 0 to INT_MAX) (default 2)
   weights           <string>     ..F.A....T. Set weight for each input. (default "1 1")
   normalize         <boolean>    ..F.A....T. Scale inputs (default true)
`;

/** The same from the npm-shipped 2018 static build. */
const AMIX_4_1 = `Filter amix
  Audio mixing.
    Inputs:
        dynamic (depending on the options)
    Outputs:
       #0: default (audio)
amix AVOptions:
  inputs            <int>        ..F.A.... Number of inputs. (from 1 to 1024) (default 2)
  duration          <int>        ..F.A.... How to determine the end-of-stream. (from 0 to 2) (default longest)
     longest                      ..F.A.... Duration of longest input.
     shortest                     ..F.A.... Duration of shortest input.
     first                        ..F.A.... Duration of first input.
  dropout_transition <float>      ..F.A.... Transition time, in seconds, for volume renormalization when an input stream ends. (from 0 to INT_MAX) (default 2)
  weights           <string>     ..F.A.... Set weight for each input. (default "1 1")
`;

const ALIMITER_5_1 = `Filter alimiter
  Audio lookahead limiter.
alimiter AVOptions:
   level_in          <double>     ..F.A....T. set input level (from 0.015625 to 64) (default 1)
   limit             <double>     ..F.A....T. set limit (from 0.0625 to 1) (default 1)
   attack            <double>     ..F.A....T. set attack (from 0.1 to 80) (default 5)
   level             <boolean>    ..F.A....T. auto level (default true)
   latency           <boolean>    ..F.A....T. compensate delay (default false)

This filter has support for timeline through the 'enable' option.
`;

const ALIMITER_4_1 = `Filter alimiter
  Audio lookahead limiter.
alimiter AVOptions:
  level_in          <double>     ..F.A.... set input level (from 0.015625 to 64) (default 1)
  limit             <double>     ..F.A.... set limit (from 0.0625 to 1) (default 1)
  attack            <double>     ..F.A.... set attack (from 0.1 to 80) (default 5)
  level             <boolean>    ..F.A.... auto level (default true)
`;

const showinfo = (rate: number) =>
  `[Parsed_ebur128_0 @ 0x2a9a8ec0] Summary:\n[Parsed_ashowinfo_1 @ 0x7368e00] n:0 pts:0 pts_time:0 pos:-1 fmt:dbl channels:1 chlayout:mono rate:${rate} nb_samples:1098 checksum:00000000 plane_checksums: [ 00000000 ]\n`;

describe('reading what an ffmpeg build offers', () => {
  it('lists the options of the filter asked for, in either help layout, without the named constants', () => {
    expect([...filterOptionNames(AMIX_5_1, 'amix')]).toEqual(['inputs', 'duration', 'dropout_transition', 'weights', 'normalize']);
    expect([...filterOptionNames(AMIX_4_1, 'amix')]).toEqual(['inputs', 'duration', 'dropout_transition', 'weights']);
  });

  it('reads only the named filter section (aresample also lists the resampler options) and nothing for an unknown filter', () => {
    const aresample = `aresample AVOptions:\n  sample_rate       <int>        ..F.A.... (from 0 to INT_MAX) (default 0)\n\nSWResampler AVOptions:\n  -ich               <int>        ....A.... set input channel count\n  normalize  <boolean> x\n`;
    expect([...filterOptionNames(aresample, 'aresample')]).toEqual(['sample_rate']);
    expect(filterOptionNames(AMIX_5_1, 'alimiter').size).toBe(0);
    expect(filterOptionNames("Unknown filter 'amix'.\n", 'amix').size).toBe(0);
  });

  it('reads the rate of the first frame ashowinfo logged', () => {
    expect(showinfoRate(showinfo(48_000))).toBe(48_000);
    expect(showinfoRate('Conversion failed!')).toBeNull();
  });

  it('gives a current build every capability and the 2018 build none', () => {
    expect(capabilitiesFrom({ amixHelp: AMIX_5_1, alimiterHelp: ALIMITER_5_1, ebur128Log: showinfo(44_100) })).toEqual(CURRENT_FFMPEG);
    expect(capabilitiesFrom({ amixHelp: AMIX_4_1, alimiterHelp: ALIMITER_4_1, ebur128Log: showinfo(48_000) })).toEqual({
      amixNormalize: false,
      alimiterLatency: false,
      ebur128AnyRate: false,
    });
  });
});

describe('the legacy filter forms', () => {
  it('scales an n-input amix back by n (none for one input)', () => {
    expect(unscaledAmix(3, 'longest')).toBe('amix=inputs=3:duration=longest,volume=3');
    expect(unscaledAmix(1, 'first')).toBe('amix=inputs=1:duration=first');
  });

  it("knows the old alimiter's delay as measured with an impulse at 44.1 kHz stereo", () => {
    expect([1, 5, 20].map((attack) => legacyLimiterDelay(44_100, attack))).toEqual([43, 219, 881]);
  });

  it('pads the limiter by its delay and drops as much from the start', () => {
    expect(alignedLegacyLimiter('alimiter=limit=0.5', 219)).toEqual([
      'apad=pad_len=219',
      'alimiter=limit=0.5',
      'atrim=start_sample=219',
      'asetpts=PTS-STARTPTS',
    ]);
  });

  it('resamples to 48 kHz for the old ebur128 itself', () => {
    expect(legacyEbur128('framelog=verbose')).toBe('aresample=48000,ebur128=framelog=verbose');
  });
});
