import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { probeAudio } from '../../src/ffmpeg/probe.ts';
import { SpeechError, type SpeechEngine } from '../../src/speech/engine.ts';
import { createFestivalEngine } from '../../src/speech/festival.ts';
import { createFliteEngine } from '../../src/speech/flite.ts';
import { makeTempDir, requireTool } from '../helpers/system.ts';

/*
 * Debian's festival (with festvox-us-slt-hts) and flite, run for real: each speaks a line into an
 * MP3 whose length fits the words (1.5 to 4 words a second).
 */
const SHORT = 'Welcome to the show.';
const LONG = 'Welcome to the show. Today we talk about tomatoes on a small balcony, and how much sun they need.';

async function speaks(engine: SpeechEngine, voiceId: string, dir: string): Promise<void> {
  expect(await engine.available()).toBe(true);
  const long = await engine.synthesize({ text: LONG, voiceId, destination: path.join(dir, `${voiceId}-long.mp3`) });
  const probe = await probeAudio(long.path);
  expect(probe.codec).toBe('mp3');
  expect(long.durationSeconds).toBeCloseTo(probe.durationSeconds, 1);
  const words = LONG.split(' ').length;
  expect(long.durationSeconds).toBeGreaterThan(words / 4);
  expect(long.durationSeconds).toBeLessThan(words / 1.5);
}

describe('local voices from Debian (real programs)', () => {
  const tmp = makeTempDir('ppp-local-voices-');
  afterAll(() => tmp.cleanup());

  it('festival speaks with the HTS voice, faster at a higher rate, and refuses a voice it does not have', async () => {
    requireTool('text2wave', 'festival festvox-us-slt-hts');
    const engine = createFestivalEngine();
    const { items } = await engine.listVoices();
    expect(items[0]).toMatchObject({ voice_id: 'cmu_us_slt_arctic_hts', provider: 'festival' });
    await speaks(engine, 'cmu_us_slt_arctic_hts', tmp.dir);
    const fast = await engine.synthesize({
      text: LONG,
      voiceId: 'cmu_us_slt_arctic_hts',
      destination: path.join(tmp.dir, 'fast.mp3'),
      speakingRate: 1.5,
    });
    const normal = await probeAudio(path.join(tmp.dir, 'cmu_us_slt_arctic_hts-long.mp3'));
    expect(fast.durationSeconds).toBeLessThan(normal.durationSeconds * 0.8);
    await expect(engine.synthesize({ text: SHORT, voiceId: 'kal_diphone', destination: path.join(tmp.dir, 'x.mp3') })).rejects.toThrow(
      SpeechError,
    );
  });

  it('flite speaks with its clearest voices and lists them first', async () => {
    requireTool('flite', 'flite');
    const engine = createFliteEngine();
    const { items } = await engine.listVoices();
    expect(items.map((v) => v.voice_id).slice(0, 2)).toEqual(['rms', 'kal16']);
    expect(items.some((v) => v.voice_id === 'awb_time')).toBe(false);
    await speaks(engine, 'rms', tmp.dir);
    await speaks(engine, 'slt', tmp.dir);
  });
});
