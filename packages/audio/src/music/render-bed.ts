import { ffmpegCapabilities } from '../ffmpeg/capabilities.ts';
import { locateFfmpeg } from '../ffmpeg/locate.ts';
import { probeAudio } from '../ffmpeg/probe.ts';
import { runFfmpeg } from '../ffmpeg/run.ts';
import { musicBedArgs, type MusicBedRecipe } from './beds.ts';

export interface RenderedBed {
  path: string;
  durationSeconds: number;
}

/** Renders one bed to an MP3 at dest (one ffmpeg run, in the form that ffmpeg takes) and probes what came out. */
export async function renderMusicBed(
  recipe: MusicBedRecipe,
  dest: string,
  options: { signal?: AbortSignal; ffmpegPath?: string } = {},
): Promise<RenderedBed> {
  const ffmpeg = options.ffmpegPath ?? locateFfmpeg().ffmpeg;
  const args = musicBedArgs(recipe, dest, await ffmpegCapabilities(ffmpeg));
  await runFfmpeg(args, { signal: options.signal, durationSeconds: recipe.durationSeconds, ffmpegPath: ffmpeg });
  const probe = await probeAudio(dest, { signal: options.signal });
  return { path: dest, durationSeconds: probe.durationSeconds };
}
