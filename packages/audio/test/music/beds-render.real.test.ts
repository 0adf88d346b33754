import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
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

describe('renderMusicBed with a cache folder (real ffmpeg)', () => {
  requireTool('ffmpeg', 'ffmpeg');
  const tmp = makeTempDir();
  afterAll(() => tmp.cleanup());
  const recipe: MusicBedRecipe = { ...MUSIC_BEDS[0]!, durationSeconds: 4, fadeInSeconds: 1, fadeOutSeconds: 1 };

  it('renders a bed once, copies the same bytes for the next instance, and renders again when the recipe changes', async () => {
    const cacheDir = path.join(tmp.dir, 'cache');
    const first = await renderMusicBed(recipe, path.join(tmp.dir, 'first.mp3'), { cacheDir });
    const kept = readdirSync(cacheDir);
    expect(kept).toHaveLength(1);
    // The cached file is changed on purpose: a copy from the cache carries the change, a new render would not.
    const cachedFile = path.join(cacheDir, kept[0]!);
    const marked = Buffer.concat([readFileSync(cachedFile), Buffer.from('CACHED')]);
    writeFileSync(cachedFile, marked);
    const second = await renderMusicBed(recipe, path.join(tmp.dir, 'second.mp3'), { cacheDir });
    expect(readFileSync(second.path).equals(marked)).toBe(true);
    expect(Math.abs(second.durationSeconds - first.durationSeconds)).toBeLessThan(0.1);

    const longer = await renderMusicBed({ ...recipe, durationSeconds: 5 }, path.join(tmp.dir, 'longer.mp3'), { cacheDir });
    expect(longer.durationSeconds).toBeGreaterThan(4.9);
    expect(readdirSync(cacheDir).filter((name) => name.endsWith('.mp3'))).toHaveLength(2);
  });
});
