import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { enhanceSpeechFile, profileSpeech } from '../../src/enhance/index.ts';
import { locateFfmpeg } from '../../src/ffmpeg/locate.ts';
import { librivoxClips, makeTempDir, speak } from '../helpers/system.ts';

const temp = makeTempDir('ppp-enhance-');
afterAll(() => temp.cleanup());

function samples(file: string): Float32Array {
  const bytes = execFileSync(locateFfmpeg().ffmpeg, ['-loglevel', 'error', '-i', file, '-ac', '1', '-ar', '48000', '-f', 'f32le', '-'], {
    maxBuffer: 1 << 28,
  });
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
}

/** Real read speech with a noise mixed in through ffmpeg (amix without normalising, so the speech keeps its level). */
function withNoise(speech: string, source: string, name: string): string {
  const dest = path.join(temp.dir, name);
  execFileSync(locateFfmpeg().ffmpeg, [
    ...['-loglevel', 'error', '-y', '-i', speech, '-f', 'lavfi', '-i', source],
    ...['-filter_complex', '[0][1]amix=inputs=2:duration=first:normalize=0', dest],
  ]);
  return dest;
}

describe('speech enhancement', () => {
  const clip = librivoxClips()[0];
  if (!clip) throw new Error('pocketsphinx-testdata has no LibriVox clips');

  it('passes clean speech through sample for sample, at the same length', async () => {
    const clean = speak(
      'The best time to plant garlic is in the middle of autumn, before the ground freezes.',
      path.join(temp.dir, 'clean.wav'),
    );
    const out = path.join(temp.dir, 'clean.flac');
    const report = await enhanceSpeechFile(clean, out);
    expect(report.plan).toMatchObject({ denoise: false, humHz: null, highPassHz: 0, level: false, deEss: false });
    const before = samples(clean);
    const after = samples(out);
    expect(after.length).toBe(before.length);
    let difference = 0;
    let speech = 0;
    for (let i = 0; i < before.length; i++) {
      difference += ((after[i] ?? 0) - (before[i] ?? 0)) ** 2;
      speech += (before[i] ?? 0) ** 2;
    }
    // The bar for clean input: the difference at least 30 dB below the speech (FLAC is lossless).
    expect(10 * Math.log10(speech / Math.max(difference, 1e-20))).toBeGreaterThan(30);
  });

  it('takes a hiss floor down by more than 10 dB and keeps the speech level and the length', async () => {
    const noisy = withNoise(clip.wav, 'anoisesrc=color=white:amplitude=0.03:r=16000:seed=5', 'noisy.wav');
    const out = path.join(temp.dir, 'noisy.flac');
    const progress: number[] = [];
    const report = await enhanceSpeechFile(noisy, out, { durationSeconds: durationOf(noisy), onProgress: (p) => progress.push(p) });
    expect(report.plan.denoise).toBe(true);
    const after = await profileSpeech(out);
    expect(report.profile.noiseFloorDb - after.noiseFloorDb).toBeGreaterThan(10);
    expect(Math.abs(report.profile.speechLevelDb - after.speechLevelDb)).toBeLessThan(3);
    expect(samples(out).length).toBe(samples(noisy).length);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  // The LibriVox recordings carry a little 60 Hz hum of their own; this adds more.
  it('finds mains hum and removes it', async () => {
    const hummed = withNoise(clip.wav, 'aevalsrc=0.02*sin(2*PI*60*t)+0.01*sin(2*PI*120*t):s=16000', 'hum.wav');
    const out = path.join(temp.dir, 'hum.flac');
    const report = await enhanceSpeechFile(hummed, out);
    expect(report.profile.hum?.hz).toBe(60);
    const after = await profileSpeech(out);
    expect(after.hum).toBeNull();
    expect(report.profile.humScores[60] - after.humScores[60]).toBeGreaterThan(15);
  });
});

function durationOf(file: string): number {
  return samples(file).length / 48_000;
}
