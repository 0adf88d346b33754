/**
 * The limiter and the loudness check after it run only where the gained mix can reach the ceiling:
 * a steady quiet tone is brought to -16 LUFS by the gain alone, a quiet tone with full-scale clicks
 * is limited, and both outputs meet the loudness and true-peak targets as measured on the MP3.
 */
import path from 'node:path';
import type { TEdl } from '@ppp/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { probeAudio } from '../../src/ffmpeg/index.ts';
import { planEpisode } from '../../src/edl/index.ts';
import { limiterActs, limiterCeiling, renderEpisode } from '../../src/render/index.ts';
import { lavfi, makeTempDir, requireTool } from '../helpers/system.ts';
import { loudness } from './measure.ts';
import { contentOnlyInput } from '../edl/fixtures.ts';

async function contentOnly(file: string): Promise<TEdl> {
  const probe = await probeAudio(file);
  return planEpisode(contentOnlyInput({ path: file, format: probe.formatName, duration_ms: Math.round(probe.durationSeconds * 1000) }));
}

describe('the limiter runs only where the gained peak reaches the ceiling', () => {
  const tmp = makeTempDir('ppp-render-limiter-');
  const at = (name: string) => path.join(tmp.dir, name);
  afterAll(() => tmp.cleanup());

  it('decides from the measured peak and the gain', () => {
    const ceiling = limiterCeiling(-1);
    expect(limiterActs(-30, 12, ceiling)).toBe(false);
    expect(limiterActs(-6, 12, ceiling)).toBe(true);
    expect(limiterActs(Number.NEGATIVE_INFINITY, 0, ceiling)).toBe(true);
  });

  it('a steady quiet tone: gain only, no limiter, and still -16 LUFS under -1 dBTP', async () => {
    requireTool('ffmpeg', 'ffmpeg');
    const edl = await contentOnly(lavfi('sine=frequency=440:sample_rate=44100:duration=20,volume=-12dB', at('quiet.wav')));
    const result = await renderEpisode(edl, at('quiet.mp3'));
    expect(result.limited).toBe(false);
    expect(Math.abs(result.outputLufs - -16)).toBeLessThanOrEqual(0.5);
    const measured = loudness(at('quiet.mp3'));
    expect(Math.abs(measured.lufs - -16)).toBeLessThanOrEqual(1);
    expect(measured.truePeak).toBeLessThan(-1);
  }, 60_000);

  it('a quiet tone with full-scale clicks: limited and checked, -16 LUFS under -1 dBTP', async () => {
    const clicks = "aevalsrc=exprs='0.03*sin(2*PI*440*t)+if(lt(mod(t,1),0.002),0.99,0)':s=44100:d=20";
    const edl = await contentOnly(lavfi(clicks, at('clicks.wav')));
    const result = await renderEpisode(edl, at('clicks.mp3'));
    expect(result.limited).toBe(true);
    const measured = loudness(at('clicks.mp3'));
    expect(Math.abs(measured.lufs - -16)).toBeLessThanOrEqual(1);
    expect(measured.truePeak).toBeLessThan(-1);
  }, 60_000);
});
