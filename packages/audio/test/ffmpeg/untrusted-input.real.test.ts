/**
 * A creator's file must make ffmpeg read that one file and nothing else. Each case builds a file
 * that would make an unrestricted ffmpeg open another (here: "another creator's" audio) and checks
 * that probing, decoding and waveform peaks all refuse it.
 */
import { readFileSync, truncateSync, writeFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lengthMismatch, makeWorkingCopy, NotAudioError, probeAudio } from '../../src/ffmpeg/index.ts';
import { computePeaks } from '../../src/render/index.ts';
import { lavfi, makeTempDir, requireTool } from '../helpers/system.ts';

describe('untrusted media never makes ffmpeg read anything but the one file', () => {
  const tmp = makeTempDir();
  const file = (name: string) => path.join(tmp.dir, name);
  let victim: string;

  beforeAll(() => {
    requireTool('ffmpeg', 'ffmpeg');
    victim = lavfi('sine=frequency=660:sample_rate=44100:duration=4', file('victim.mp3'), ['-b:a', '64k']);
  });
  afterAll(() => tmp.cleanup());

  const attacks: Record<string, () => string> = {
    'an HLS playlist named .mp3 that lists another file': () =>
      `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nfile:${victim}\n#EXT-X-ENDLIST\n`,
    'an HLS playlist with a relative entry': () => `#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nvictim.mp3\n#EXT-X-ENDLIST\n`,
    'an ffconcat list named .mp3': () => `ffconcat version 1.0\nfile '${victim}'\n`,
    'an extended M3U pointing at a URL': () => `#EXTM3U\n#EXTINF:4,x\nhttp://127.0.0.1:9/steal.mp3\n`,
  };

  for (const [name, body] of Object.entries(attacks)) {
    it(`refuses ${name} in probe, working copy and peaks`, async () => {
      const evil = file(`${name.replace(/\W+/g, '-')}.mp3`);
      writeFileSync(evil, body());
      await expect(probeAudio(evil)).rejects.toBeInstanceOf(NotAudioError);
      const out = file('stolen.wav');
      await expect(makeWorkingCopy(evil, out)).rejects.toThrow(/not on whitelist|Invalid data|failed/i);
      await expect(computePeaks(evil, { samplesPerPixel: 256 })).rejects.toThrow();
      expect(() => statSync(out)).toThrow();
    });
  }

  it('still reads the formats creators upload: mp3, wav, flac, ogg, m4a, webm, aiff', async () => {
    const made = [
      lavfi('sine=duration=2', file('ok.wav')),
      lavfi('sine=duration=2', file('ok.flac')),
      lavfi('sine=duration=2', file('ok.ogg'), ['-c:a', 'libvorbis']),
      lavfi('sine=duration=2', file('ok.m4a')),
      lavfi('sine=duration=2', file('ok.webm'), ['-c:a', 'libopus']),
      lavfi('sine=duration=2', file('ok.aiff')),
      victim,
    ];
    for (const media of made) {
      const probe = await probeAudio(media, { measure: true });
      expect(probe.durationSeconds).toBeGreaterThan(1.5);
      const out = file(`${path.basename(media)}.wav`);
      await makeWorkingCopy(media, out, { formatName: probe.formatName });
      expect(statSync(out).size).toBeGreaterThan(40_000);
    }
  });

  it('measures a truncated MP3 by its decoded length, not its header, and flags the mismatch', async () => {
    const whole = lavfi('sine=duration=20', file('long.mp3'), ['-q:a', '4']);
    const cut = file('cut.mp3');
    writeFileSync(cut, readFileSync(whole));
    truncateSync(cut, Math.floor(statSync(whole).size / 3));
    const header = await probeAudio(cut);
    expect(header.durationSeconds).toBeGreaterThan(19);
    const measured = await probeAudio(cut, { measure: true });
    expect(measured.declaredDurationSeconds).toBeGreaterThan(19);
    expect(measured.durationSeconds).toBeLessThan(10);
    expect(lengthMismatch(measured)).toBe(true);
    expect(lengthMismatch(await probeAudio(whole, { measure: true }))).toBe(false);
  });
});
