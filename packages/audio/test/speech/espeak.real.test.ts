import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { probeAudio } from '../../src/ffmpeg/probe.ts';
import { createEspeakEngine, espeakArgs } from '../../src/speech/espeak.ts';
import { SpeechError } from '../../src/speech/engine.ts';
import { makeTempDir, requireTool } from '../helpers/system.ts';

describe('espeak-ng engine (real binary)', () => {
  requireTool('espeak-ng', 'espeak-ng');
  const tmp = makeTempDir();
  afterAll(() => tmp.cleanup());
  const engine = createEspeakEngine();

  it('lists the installed voices with readable labels and natural variants', async () => {
    expect(await engine.available()).toBe(true);
    const all = await engine.listVoices();
    expect(all.total).toBeGreaterThan(100);
    const usMale = all.items.find((v) => v.voice_id === 'en-us');
    expect(usMale).toMatchObject({ name: 'English (America), male', provider: 'espeak', labels: { gender: 'male', accent: 'America' } });
    expect(all.items.find((v) => v.voice_id === 'en-us+f3')).toMatchObject({
      name: 'English (America), female 3',
      labels: { gender: 'female' },
    });
    // English first: a creator opening the picker sees voices they can use.
    expect(all.items[0]?.voice_id.startsWith('en')).toBe(true);
    const page = await engine.listVoices({ search: 'scotland female', page: 1, size: 3 });
    expect(page.items).toHaveLength(3);
    expect(page.items.every((v) => v.name.startsWith('English (Scotland), female'))).toBe(true);
    expect(page.total).toBeGreaterThanOrEqual(5);
  });

  it('renders a script to MP3 whose duration grows with the text', async () => {
    const short = await engine.synthesize({
      text: 'Welcome to the show.',
      voiceId: 'en-us+f3',
      destination: path.join(tmp.dir, 'short.mp3'),
    });
    const long = await engine.synthesize({
      text: 'Welcome to the show. Today we talk about home composting, why kitchen scraps matter, and how a small bin on the balcony can turn into rich soil by the spring.',
      voiceId: 'en-us+f3',
      destination: path.join(tmp.dir, 'long.mp3'),
    });
    expect(short.mime).toBe('audio/mpeg');
    const shortProbe = await probeAudio(short.path);
    const longProbe = await probeAudio(long.path);
    expect(shortProbe.codec).toBe('mp3');
    expect(shortProbe.durationSeconds).toBeGreaterThan(0.8);
    expect(longProbe.durationSeconds).toBeGreaterThan(shortProbe.durationSeconds * 4);
    expect(long.durationSeconds).toBeCloseTo(longProbe.durationSeconds, 1);
  });

  it('speaks faster at a higher rate', async () => {
    const text = 'The ratio of brown to green material is the secret to a healthy compost pile.';
    const normal = await engine.synthesize({ text, voiceId: 'en-gb', destination: path.join(tmp.dir, 'n.mp3') });
    const fast = await engine.synthesize({ text, voiceId: 'en-gb', destination: path.join(tmp.dir, 'f.mp3'), speakingRate: 1.5 });
    expect(fast.durationSeconds).toBeLessThan(normal.durationSeconds * 0.85);
  });

  it('reads text that looks like an option as text, and refuses a voice id that could be one', async () => {
    const out = await engine.synthesize({ text: '--help -w /etc/passwd', voiceId: 'en', destination: path.join(tmp.dir, 'dash.mp3') });
    expect(out.durationSeconds).toBeGreaterThan(0.5);
    expect(readFileSync(out.path).subarray(0, 3).toString('latin1')).toMatch(/^(ID3|\xff)/);
    expect(() => espeakArgs('-w /tmp/x', 'in.txt', 'out.wav')).toThrow(SpeechError);
    await expect(engine.synthesize({ text: '   ', voiceId: 'en', destination: path.join(tmp.dir, 'empty.mp3') })).rejects.toThrow(
      SpeechError,
    );
  });
});
