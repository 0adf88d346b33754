/**
 * An upload is decoded once, whole, before it can become ready (issue 35): a file cut short or
 * damaged is found here, a whole one passes.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeDamage, findDecodeDamage } from '../../src/ffmpeg/index.ts';
import { lavfi, makeTempDir, requireTool } from '../helpers/system.ts';

const TONE = 'sine=frequency=440:sample_rate=44100:duration=3';

describe('the whole-file decode check', () => {
  const tmp = makeTempDir();
  const file = (name: string) => path.join(tmp.dir, name);
  const whole: Record<string, string> = {};

  beforeAll(() => {
    requireTool('ffmpeg', 'ffmpeg');
    whole.mp3 = lavfi(TONE, file('tone.mp3'), ['-b:a', '64k']);
    whole.wav = lavfi(TONE, file('tone.wav'));
    whole.flac = lavfi(TONE, file('tone.flac'));
    whole.m4a = lavfi(TONE, file('tone.m4a'), ['-c:a', 'aac']);
  });
  afterAll(() => tmp.cleanup());

  /** The first third of a file, as a dropped upload would leave it. */
  const cut = (source: string) => {
    const target = file(`cut-${path.basename(source)}`);
    writeFileSync(target, readFileSync(source).subarray(0, Math.floor(statSync(source).size / 3)));
    return target;
  };

  it('passes whole MP3, WAV, FLAC and AAC files', async () => {
    for (const source of Object.values(whole)) await expect(findDecodeDamage(source)).resolves.toBeNull();
  });

  it('finds each of them cut to a third, the MP3 (which decodes without error, shorter) included', async () => {
    for (const source of Object.values(whole)) await expect(findDecodeDamage(cut(source)), source).resolves.toEqual(expect.any(String));
  });

  it('finds a 3,000-byte MP3 and bytes that are no audio at all', async () => {
    const tiny = file('tiny.mp3');
    writeFileSync(tiny, readFileSync(whole.mp3 ?? '').subarray(0, 3000));
    await expect(findDecodeDamage(tiny)).resolves.toMatch(/do not match/);
    const noise = file('noise.mp3');
    writeFileSync(noise, Buffer.from('this is a text file, not audio\n'.repeat(50)));
    await expect(findDecodeDamage(noise)).resolves.toEqual(expect.any(String));
  });

  it('tells notices from damage', () => {
    expect(decodeDamage('Guessed Channel Layout for Input Stream #0.0 : mono\n')).toBeNull();
    expect(decodeDamage('[wav @ 0x1] Estimating duration from bitrate, this may be inaccurate\n')).toBeNull();
    expect(decodeDamage('x.wav: corrupt input packet in stream 0\n')).toBe('x.wav: corrupt input packet in stream 0');
  });
});
