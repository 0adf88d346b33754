import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MUSIC_BEDS, renderMusicBed, type MusicBedRecipe, type RenderedBed } from '@ppp/audio';
import type { StoragePort } from '../storage/storage.ts';
import type { MusicRepository } from './music.repository.ts';

export interface MusicSeedDeps {
  /** A repository on a fresh unit of work for each bed, so a bed another server wrote first leaves nothing pending for the next. */
  music: () => MusicRepository;
  storage: StoragePort;
  /** Renders one bed to a local file; the real ffmpeg renderer unless a test says otherwise. */
  render?: (recipe: MusicBedRecipe, dest: string) => Promise<RenderedBed>;
  recipes?: readonly MusicBedRecipe[];
  /** MUSIC_BED_CACHE_DIR: rendered beds kept for every instance on this machine (the journeys share one). */
  cacheDir?: string;
  log?: (msg: string) => void;
}

export interface MusicSeedResult {
  created: string[];
  present: string[];
}

/** Where a built-in bed is stored: one fixed key per bed, so two servers seeding at once write the same file. */
export function builtinMusicKey(seedKey: string): string {
  return `music/builtin/${seedKey}.mp3`;
}

/**
 * Makes sure every built-in bed exists: a bed whose row and file are both there is left alone;
 * otherwise it is rendered (one bed at a time, to spare the CPU), stored, and its row written. The
 * row is written only after the file, so the library never lists a bed it cannot play. Safe to run
 * on every start and from several servers at once (the seed key is unique).
 */
export async function seedBuiltinMusic(deps: MusicSeedDeps): Promise<MusicSeedResult> {
  const render = deps.render ?? ((recipe, dest) => renderMusicBed(recipe, dest, { cacheDir: deps.cacheDir }));
  const result: MusicSeedResult = { created: [], present: [] };
  for (const recipe of deps.recipes ?? MUSIC_BEDS) {
    const music = deps.music();
    const row = await music.findBuiltin(recipe.key);
    if (row && (await deps.storage.stat(row.storageKey))) {
      result.present.push(recipe.key);
      continue;
    }
    const work = await mkdtemp(path.join(tmpdir(), 'ppp-music-'));
    try {
      const key = builtinMusicKey(recipe.key);
      const rendered = await render(recipe, path.join(work, `${recipe.key}.mp3`));
      const stored = await deps.storage.putFile(key, rendered.path);
      const fields = { storageKey: key, sizeBytes: stored.size, durationSeconds: rendered.durationSeconds, contentType: 'audio/mpeg' };
      if (row) Object.assign(row, fields);
      else
        music.create({
          seedKey: recipe.key,
          displayName: recipe.displayName,
          moodTags: [...recipe.moodTags],
          filename: `${recipe.key}.mp3`,
          source: 'builtin',
          ...fields,
        });
      // Another server seeded the same bed first: its row stands, and the file is the same.
      if (!(await music.flushUnlessSeeded())) {
        result.present.push(recipe.key);
        continue;
      }
      result.created.push(recipe.key);
      deps.log?.(`music: rendered the built-in bed '${recipe.displayName}' (${rendered.durationSeconds.toFixed(1)} s)`);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
  return result;
}
