/**
 * A PCM WAV upload is measured from its header, which ffmpeg bounds by the file's size: a truncated
 * WAV is kept at what it holds, an empty one is still refused, and a whole one at its length.
 */
import { readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lengthMismatch, NotAudioError, probeAudio } from '../../src/ffmpeg/index.ts';
import { lavfi, makeTempDir, requireTool } from '../helpers/system.ts';

describe('measuring a PCM WAV upload', () => {
  const tmp = makeTempDir();
  const file = (name: string) => path.join(tmp.dir, name);
  const BYTES_PER_SECOND = 44_100 * 2 * 2;
  let whole: string;

  beforeAll(() => {
    requireTool('ffmpeg', 'ffmpeg');
    whole = lavfi('sine=frequency=300:sample_rate=44100:duration=12', file('whole.wav'), ['-ac', '2']);
  });
  afterAll(() => tmp.cleanup());

  it('keeps a whole WAV at its length', async () => {
    const probe = await probeAudio(whole, { measure: true });
    expect(probe.durationSeconds).toBeCloseTo(12, 2);
    expect(lengthMismatch(probe)).toBe(false);
  });

  it('keeps a truncated WAV at the audio it holds, not the length its header states', async () => {
    const cut = file('cut.wav');
    writeFileSync(cut, readFileSync(whole));
    truncateSync(cut, Math.floor(statSync(whole).size / 3));
    const probe = await probeAudio(cut, { measure: true });
    expect(probe.durationSeconds).toBeCloseTo((statSync(cut).size - 78) / BYTES_PER_SECOND, 1);
    expect(probe.durationSeconds).toBeLessThan(4.1);
  });

  it('refuses a WAV whose data chunk holds no audio', async () => {
    const empty = file('empty.wav');
    writeFileSync(empty, readFileSync(whole).subarray(0, 78));
    await expect(probeAudio(empty, { measure: true })).rejects.toBeInstanceOf(NotAudioError);
  });
});
