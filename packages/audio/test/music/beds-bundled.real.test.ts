import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MUSIC_BEDS, renderMusicBed, type MusicBedRecipe } from '../../src/music/index.ts';
import { bundledFfmpegForTests } from '../helpers/bundled.ts';
import { makeTempDir, requireTool } from '../helpers/system.ts';

const bundled = bundledFfmpegForTests();

/** Mean and maximum level in dBFS, measured by the system ffmpeg. */
function levels(file: string): { mean: number; max: number } {
  const out = spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-af', 'volumedetect', '-f', 'null', '-'], {
    encoding: 'utf8',
  }).stderr;
  return { mean: Number(/mean_volume: (-?[\d.]+) dB/.exec(out)?.[1]), max: Number(/max_volume: (-?[\d.]+) dB/.exec(out)?.[1]) };
}

describe.skipIf(bundled.path === null)(
  `renderMusicBed with the npm-shipped ffmpeg${bundled.skipReason === null ? '' : ` (skipped: ${bundled.skipReason})`}`,
  () => {
    const tmp = makeTempDir('ppp-beds-bundled-');
    afterAll(() => tmp.cleanup());

    it('renders a bed of two mixed layers as long as asked and as loud as the system build renders it', async () => {
      const recipe = MUSIC_BEDS.find((b) => b.pulse !== undefined);
      if (recipe === undefined) throw new Error('expected a bed with a pulse layer');
      const key = recipe.key;
      const short: MusicBedRecipe = { ...recipe, durationSeconds: 4, fadeInSeconds: 0.5, fadeOutSeconds: 0.5 };
      const [old, current] = await Promise.all([
        renderMusicBed(short, path.join(tmp.dir, `${key}-bundled.mp3`), { ffmpegPath: bundled.path ?? '' }),
        renderMusicBed(short, path.join(tmp.dir, `${key}-system.mp3`), { ffmpegPath: requireTool('ffmpeg', 'ffmpeg') }),
      ]);
      expect(old.durationSeconds).toBeCloseTo(current.durationSeconds, 3);
      const [a, b] = [levels(old.path), levels(current.path)];
      // A mix scaled by 1/2 would be up to 6 dB quieter.
      expect(Math.abs(a.mean - b.mean)).toBeLessThan(0.2);
      expect(a.max).toBeLessThan(0);
    });
  },
);
