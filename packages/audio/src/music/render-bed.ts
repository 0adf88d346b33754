import { createHash } from 'node:crypto';
import { copyFile, mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { ffmpegCapabilities } from '../ffmpeg/capabilities.ts';
import { locateFfmpeg } from '../ffmpeg/locate.ts';
import { probeAudio } from '../ffmpeg/probe.ts';
import { runFfmpeg } from '../ffmpeg/run.ts';
import { musicBedArgs, type MusicBedRecipe } from './beds.ts';

export interface RenderedBed {
  path: string;
  durationSeconds: number;
}

/**
 * Renders one bed to an MP3 at dest (one ffmpeg run, in the form that ffmpeg takes) and probes what
 * came out. With a cache folder, a bed rendered before by the same ffmpeg command (same recipe, same
 * ffmpeg features) is copied from there instead: instances on one machine render each bed once.
 */
export async function renderMusicBed(
  recipe: MusicBedRecipe,
  dest: string,
  options: { signal?: AbortSignal; ffmpegPath?: string; cacheDir?: string } = {},
): Promise<RenderedBed> {
  const ffmpeg = options.ffmpegPath ?? locateFfmpeg().ffmpeg;
  const capabilities = await ffmpegCapabilities(ffmpeg);
  const args = musicBedArgs(recipe, dest, capabilities);
  const cached = options.cacheDir
    ? cachedBedPath(options.cacheDir, recipe, [ffmpeg, ...musicBedArgs(recipe, '<dest>', capabilities)])
    : null;
  if (cached && (await stat(cached).catch(() => null))?.isFile()) {
    await copyFile(cached, dest);
  } else {
    await runFfmpeg(args, { signal: options.signal, durationSeconds: recipe.durationSeconds, ffmpegPath: ffmpeg });
    if (cached) await keepInCache(dest, cached);
  }
  const probe = await probeAudio(dest, { signal: options.signal });
  return { path: dest, durationSeconds: probe.durationSeconds };
}

/** The cache's file for a bed: named by the recipe and a digest of the ffmpeg command that makes it. */
function cachedBedPath(cacheDir: string, recipe: MusicBedRecipe, command: readonly string[]): string {
  const digest = createHash('sha256').update(JSON.stringify(command)).digest('hex').slice(0, 24);
  return path.join(cacheDir, `${recipe.key}-${digest}.mp3`);
}

/** Copies a finished render into the cache under a private name, then renames it: a reader never sees half a file. */
async function keepInCache(rendered: string, cached: string): Promise<void> {
  await mkdir(path.dirname(cached), { recursive: true });
  const partial = `${cached}.${process.pid}.${Date.now()}.partial`;
  await copyFile(rendered, partial);
  await rename(partial, cached);
}
