import { runProcess } from '../process.ts';
import { CURRENT_FFMPEG, type FfmpegCapabilities } from './legacy-filters.ts';

export { CURRENT_FFMPEG, type FfmpegCapabilities };

/** Option lines of `-h filter=X`: "  name   <type>   flags  description" (named constants carry no <type>). */
const OPTION_LINE = /^\s+([A-Za-z_]\w*)\s+<[^>]+>/;

/** The option names in the "<filter> AVOptions:" section of `ffmpeg -h filter=<filter>`; empty for an unknown filter. */
export function filterOptionNames(help: string, filter: string): Set<string> {
  const names = new Set<string>();
  let inSection = false;
  for (const line of help.split('\n')) {
    if (/AVOptions:\s*$/.test(line)) {
      inSection = line.trim() === `${filter} AVOptions:`;
      continue;
    }
    const match = inSection ? OPTION_LINE.exec(line) : null;
    if (match?.[1]) names.add(match[1]);
  }
  return names;
}

/** The sample rate of the first frame ashowinfo logged ("... rate:48000 nb_samples:..."), or null. */
export function showinfoRate(log: string): number | null {
  const match = /ashowinfo.*\brate:(\d+)/.exec(log);
  return match?.[1] === undefined ? null : Number(match[1]);
}

/** The rate the ebur128 probe feeds in: the renderer's. */
const PROBE_RATE = 44_100;

/** What the probe runs print: the help of amix and alimiter, and the log of a 44.1 kHz frame through ebur128. */
export interface CapabilityProbe {
  amixHelp: string;
  alimiterHelp: string;
  ebur128Log: string;
}

/** The capabilities from what the probe runs printed. */
export function capabilitiesFrom(probe: CapabilityProbe): FfmpegCapabilities {
  return {
    amixNormalize: filterOptionNames(probe.amixHelp, 'amix').has('normalize'),
    alimiterLatency: filterOptionNames(probe.alimiterHelp, 'alimiter').has('latency'),
    ebur128AnyRate: showinfoRate(probe.ebur128Log) === PROBE_RATE,
  };
}

async function output(ffmpeg: string, args: readonly string[]): Promise<string> {
  const { stdout, stderr } = await runProcess(ffmpeg, ['-hide_banner', '-nostdin', ...args]);
  return `${stdout}\n${stderr}`;
}

async function probe(ffmpeg: string): Promise<FfmpegCapabilities> {
  const ebur128 = [
    '-f',
    'lavfi',
    '-i',
    `anullsrc=r=${PROBE_RATE}:cl=mono`,
    '-af',
    'ebur128,ashowinfo',
    '-frames:a',
    '1',
    '-f',
    'null',
    '-',
  ];
  const [amixHelp, alimiterHelp, ebur128Log] = await Promise.all([
    output(ffmpeg, ['-h', 'filter=amix']),
    output(ffmpeg, ['-h', 'filter=alimiter']),
    output(ffmpeg, ebur128),
  ]);
  return capabilitiesFrom({ amixHelp, alimiterHelp, ebur128Log });
}

const probed = new Map<string, Promise<FfmpegCapabilities>>();

/**
 * What the ffmpeg at this path can do, asked once per path and process (three short runs at
 * once, tens of milliseconds); a failed probe is not remembered, so the next render asks again.
 */
export function ffmpegCapabilities(ffmpeg: string): Promise<FfmpegCapabilities> {
  let capabilities = probed.get(ffmpeg);
  if (capabilities === undefined) {
    capabilities = probe(ffmpeg);
    probed.set(ffmpeg, capabilities);
    capabilities.catch(() => probed.delete(ffmpeg));
  }
  return capabilities;
}
