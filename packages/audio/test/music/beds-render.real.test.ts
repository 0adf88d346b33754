import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MUSIC_BEDS, renderMusicBed, type MusicBedRecipe } from '../../src/music/index.ts';
import { makeTempDir, requireTool } from '../helpers/system.ts';

describe('renderMusicBed (real ffmpeg)', () => {
  requireTool('ffmpeg', 'ffmpeg');
  const tmp = makeTempDir();
  afterAll(() => tmp.cleanup());

  function meanAndMax(file: string): { mean: number; max: number } {
    const out = spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-af', 'volumedetect', '-f', 'null', '-'], {
      encoding: 'utf8',
    }).stderr;
    return { mean: Number(/mean_volume: (-?[\d.]+) dB/.exec(out)?.[1]), max: Number(/max_volume: (-?[\d.]+) dB/.exec(out)?.[1]) };
  }

  it.each(MUSIC_BEDS.map((b) => [b.key, b] as const))(
    '%s: a short cut is audible, unclipped and as long as asked',
    async (_key, recipe) => {
      const short: MusicBedRecipe = { ...recipe, durationSeconds: 8, fadeInSeconds: 1, fadeOutSeconds: 1 };
      const out = await renderMusicBed(short, path.join(tmp.dir, `${recipe.key}.mp3`));
      expect(out.durationSeconds).toBeGreaterThan(7.9);
      expect(out.durationSeconds).toBeLessThan(8.2);
      const { mean, max } = meanAndMax(out.path);
      expect(mean).toBeGreaterThan(-35);
      expect(max).toBeLessThan(0);
    },
  );
});
