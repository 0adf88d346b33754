import { accessSync, constants } from 'node:fs';
import { bundledFfmpeg } from '../../src/ffmpeg/locate.ts';

/**
 * The npm-shipped ffmpeg (@ffmpeg-installer/ffmpeg, a 2018 static build) the app falls back to
 * without a system ffmpeg, or why the tests that run it are skipped.
 */
export function bundledFfmpegForTests(): { path: string; skipReason: null } | { path: null; skipReason: string } {
  const found = bundledFfmpeg().ffmpeg;
  if (found === undefined)
    return { path: null, skipReason: '@ffmpeg-installer/ffmpeg has no binary for this platform (or is not installed)' };
  try {
    accessSync(found, constants.X_OK);
    return { path: found, skipReason: null };
  } catch {
    return { path: null, skipReason: `the npm-shipped ffmpeg at ${found} is not executable` };
  }
}
