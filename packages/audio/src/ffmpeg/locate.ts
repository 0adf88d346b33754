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

export interface LocateOptions {
  /** Configured paths win over PATH, so an operator can point at a newer build. */
  ffmpegPath?: string;
  ffprobePath?: string;
  envPath?: string;
}

/** The system ffmpeg and ffprobe; throws ToolMissingError naming the one that is missing. */
export function locateFfmpeg(options: LocateOptions = {}): FfmpegPaths {
  const ffmpeg = options.ffmpegPath ?? which('ffmpeg', options.envPath);
  if (!ffmpeg) throw new ToolMissingError('ffmpeg', 'ffmpeg');
  const ffprobe = options.ffprobePath ?? which('ffprobe', options.envPath);
  if (!ffprobe) throw new ToolMissingError('ffprobe', 'ffmpeg');
  return { ffmpeg, ffprobe };
}
