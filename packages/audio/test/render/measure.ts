import { spawnSync } from 'node:child_process';
import { parseEbur128Summaries } from '../../src/render/loudness.ts';

function ffmpegOutput(args: string[]): { stdout: string; stderr: string } {
  const result = spawnSync('ffmpeg', ['-hide_banner', '-nostats', ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr.slice(-2000)}`);
  return { stdout: result.stdout, stderr: result.stderr };
}

function ffmpegStderr(args: string[]): string {
  return ffmpegOutput([...args, '-f', 'null', '-']).stderr;
}

/** Seconds of audio a file decodes to (ffprobe's MP3 durations include encoder padding). */
export function decodedSeconds(file: string): number {
  const { stdout } = ffmpegOutput(['-i', file, '-progress', 'pipe:1', '-f', 'null', '-']);
  const times = [...stdout.matchAll(/out_time_us=(\d+)/g)].map((m) => Number(m[1]));
  return (times.at(-1) ?? 0) / 1e6;
}

/** Integrated loudness and true peak as ffmpeg's ebur128 measures them. */
export function loudness(file: string): { lufs: number; truePeak: number } {
  const [summary] = parseEbur128Summaries(ffmpegStderr(['-i', file, '-af', 'ebur128=peak=true:framelog=verbose']));
  if (!summary) throw new Error('no ebur128 summary');
  return { lufs: summary.integratedLufs, truePeak: summary.peakDb ?? Number.NaN };
}

/** The highest sample level in dBFS (astats), to check for clipping. */
export function samplePeakDb(file: string): number {
  const stderr = ffmpegStderr(['-i', file, '-af', 'astats=measure_perchannel=none']);
  const match = /Overall[\s\S]*?Peak level dB:\s*(-?[\d.]+|-inf)/.exec(stderr);
  return match?.[1] === '-inf' ? Number.NEGATIVE_INFINITY : Number(match?.[1]);
}

/**
 * RMS level in dBFS of one frequency band in consecutive windows: two cascaded narrow band-pass
 * filters isolate a marker tone, astats measures each window.
 */
export function bandLevels(file: string, frequency: number, windowSeconds: number): number[] {
  const width = Math.max(4, frequency / 10);
  const samples = Math.round(44_100 * windowSeconds);
  const chain = [
    'aresample=44100',
    'pan=mono|c0=0.5*c0+0.5*c1',
    `bandpass=f=${frequency}:width_type=h:w=${width}`,
    `bandpass=f=${frequency}:width_type=h:w=${width}`,
    `asetnsamples=n=${samples}:p=0`,
    'astats=metadata=1:reset=1:measure_perchannel=none',
    'ametadata=mode=print:key=lavfi.astats.Overall.RMS_level:file=-',
  ].join(',');
  const { stdout } = ffmpegOutput(['-v', 'error', '-i', file, '-af', chain, '-f', 'null', '-']);
  return [...stdout.matchAll(/RMS_level=(-?[\d.]+|-inf)/g)].map((m) => (m[1] === '-inf' ? -200 : Number(m[1])));
}

/** The mean of window levels from fromS to toS (window index = floor(time / window)). */
export function levelBetween(levels: readonly number[], windowSeconds: number, fromS: number, toS: number): number {
  const slice = levels.slice(Math.ceil(fromS / windowSeconds), Math.floor(toS / windowSeconds));
  if (slice.length === 0) throw new Error(`no windows between ${fromS} and ${toS}`);
  const power = slice.reduce((sum, db) => sum + 10 ** (db / 10), 0) / slice.length;
  return 10 * Math.log10(power);
}
