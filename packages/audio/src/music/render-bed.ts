import { probeAudio } from '../ffmpeg/probe.ts';
import { runFfmpeg } from '../ffmpeg/run.ts';
import { musicBedArgs, type MusicBedRecipe } from './beds.ts';

export interface RenderedBed {
  path: string;
  durationSeconds: number;
}

/** Renders one bed to an MP3 at dest (one ffmpeg run) and probes what came out. */
export async function renderMusicBed(recipe: MusicBedRecipe, dest: string, options: { signal?: AbortSignal } = {}): Promise<RenderedBed> {
  await runFfmpeg(musicBedArgs(recipe, dest), { signal: options.signal, durationSeconds: recipe.durationSeconds });
  const probe = await probeAudio(dest, { signal: options.signal });
  return { path: dest, durationSeconds: probe.durationSeconds };
}
