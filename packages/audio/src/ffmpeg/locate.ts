import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { which } from '../system-tools.ts';

/** A program the audio work needs is not installed; the message says which package provides it. */
export class ToolMissingError extends Error {
  readonly tool: string;
  readonly debianPackage: string;
  constructor(tool: string, debianPackage: string) {
    super(`${tool} was not found on PATH; install the Debian package '${debianPackage}' (or set its path in the configuration)`);
    this.name = 'ToolMissingError';
    this.tool = tool;
    this.debianPackage = debianPackage;
  }
}

export interface FfmpegPaths {
  ffmpeg: string;
  ffprobe: string;
}

/** Where each program was found: configured, the system's PATH, or the npm-shipped fallback. */
export type FfmpegSource = 'configured' | 'system' | 'bundled';

export interface LocateOptions {
  /** Configured paths win over PATH, so an operator can point at a newer build. */
  ffmpegPath?: string;
  ffprobePath?: string;
  envPath?: string;
  /** The npm-shipped binaries, when PATH has none (tests pass a fake; default: the installer packages). */
  bundled?: () => Partial<FfmpegPaths>;
  /** Where the one warning about the fallback goes (default console.warn). */
  warn?: (message: string) => void;
}

const requireHere = createRequire(import.meta.url);

/** The `path` an installer package exports, or undefined when it (or its platform binary) is missing. */
function installerPath(name: string): string | undefined {
  try {
    const exported: unknown = requireHere(name);
    return typeof exported === 'object' && exported !== null && 'path' in exported && typeof exported.path === 'string'
      ? exported.path
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The static builds inside @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe: their platform
 * packages carry the binaries in the npm tarball (no download at install), so they install where
 * only the npm registry can be reached.
 */
export function bundledFfmpeg(): Partial<FfmpegPaths> {
  const ffmpeg = installerPath('@ffmpeg-installer/ffmpeg');
  const ffprobe = installerPath('@ffprobe-installer/ffprobe');
  return { ...(ffmpeg === undefined ? {} : { ffmpeg }), ...(ffprobe === undefined ? {} : { ffprobe }) };
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

let warned = false;

/** Forget that the fallback warning was given (tests). */
export function resetFallbackWarning(): void {
  warned = false;
}

function pick(
  tool: 'ffmpeg' | 'ffprobe',
  configured: string | undefined,
  options: LocateOptions,
  bundled: () => Partial<FfmpegPaths>,
): { path: string; source: FfmpegSource } {
  if (configured !== undefined) return { path: configured, source: 'configured' };
  const system = which(tool, options.envPath);
  if (system) return { path: system, source: 'system' };
  const shipped = bundled()[tool];
  if (shipped !== undefined && executable(shipped)) return { path: shipped, source: 'bundled' };
  throw new ToolMissingError(tool, 'ffmpeg');
}

/**
 * ffmpeg and ffprobe: the configured paths, else the system's (Debian's build is several times
 * faster at encoding MP3 and has every filter the renderer uses), else the npm-shipped static
 * build with a warning, given once per process; throws ToolMissingError naming the one missing.
 */
export function locateFfmpeg(options: LocateOptions = {}): FfmpegPaths & { source: { ffmpeg: FfmpegSource; ffprobe: FfmpegSource } } {
  let cached: Partial<FfmpegPaths> | undefined;
  const bundled = () => (cached ??= (options.bundled ?? bundledFfmpeg)());
  const ffmpeg = pick('ffmpeg', options.ffmpegPath, options, bundled);
  const ffprobe = pick('ffprobe', options.ffprobePath, options, bundled);
  if ((ffmpeg.source === 'bundled' || ffprobe.source === 'bundled') && !warned) {
    warned = true;
    const fallback = [ffmpeg, ffprobe].filter((tool) => tool.source === 'bundled').map((tool) => tool.path);
    (options.warn ?? console.warn)(
      `ffmpeg: not on PATH, using the npm-shipped build (${fallback.join(', ')}); install the Debian package 'ffmpeg' for faster renders and every filter the renderer uses`,
    );
  }
  return { ffmpeg: ffmpeg.path, ffprobe: ffprobe.path, source: { ffmpeg: ffmpeg.source, ffprobe: ffprobe.source } };
}
