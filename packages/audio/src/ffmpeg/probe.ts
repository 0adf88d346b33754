import { z } from 'zod';
import { MEDIA_SAFETY } from '@ppp/contracts';
import { runProcess, ProcessFailedError } from '../process.ts';
import { locateFfmpeg } from './locate.ts';
import { untrustedInputOptions } from './safe-input.ts';

export interface AudioProbe {
  durationSeconds: number;
  codec: string;
  sampleRate: number;
  channels: number;
  /** Bits per second; null when the container does not say (raw PCM streams often don't). */
  bitRate: number | null;
  formatName: string;
  /** The length the container's header states; null when it states none (streamed files). */
  declaredDurationSeconds: number | null;
}

/** The file is not audio we can use: ffprobe could not read it, or it has no audio stream. */
export class NotAudioError extends Error {
  readonly reason: 'no-audio-stream' | 'unreadable';
  constructor(reason: 'no-audio-stream' | 'unreadable', detail: string) {
    super(reason === 'no-audio-stream' ? `No audio stream in the file: ${detail}` : `Not a readable media file: ${detail}`);
    this.name = 'NotAudioError';
    this.reason = reason;
  }
}

const numeric = z.union([z.string(), z.number()]).transform(Number).pipe(z.number().finite());
const ZProbe = z.object({
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        sample_rate: numeric.optional(),
        channels: z.number().int().optional(),
        bit_rate: numeric.optional(),
        duration: numeric.optional(),
      }),
    )
    .default([]),
  format: z.object({ format_name: z.string().optional(), duration: numeric.optional(), bit_rate: numeric.optional() }).default({}),
});

export function probeArgs(path: string): string[] {
  return ['-v', 'error', ...untrustedInputOptions(), '-print_format', 'json', '-show_format', '-show_streams', path];
}

/** Reads ffprobe's JSON; the first audio stream is the one the product works on. */
export function parseProbe(json: unknown, path = 'input', packetEndSeconds?: number): AudioProbe {
  const probe = ZProbe.parse(json);
  const stream = probe.streams.find((s) => s.codec_type === 'audio');
  if (!stream) throw new NotAudioError('no-audio-stream', path);
  const declared = probe.format.duration ?? stream.duration;
  // Where the audio really ends wins over what the header claims (a truncated upload).
  const durationSeconds = packetEndSeconds ?? declared;
  if (durationSeconds === undefined) throw new NotAudioError('unreadable', `${path}: no duration`);
  return {
    durationSeconds,
    declaredDurationSeconds: declared ?? null,
    codec: stream.codec_name ?? 'unknown',
    sampleRate: stream.sample_rate ?? 0,
    channels: stream.channels ?? 0,
    bitRate: stream.bit_rate ?? probe.format.bit_rate ?? null,
    formatName: probe.format.format_name ?? 'unknown',
  };
}

export interface ProbeOptions {
  signal?: AbortSignal;
  ffprobePath?: string;
  /**
   * Read every packet so the duration is where the audio really ends, not what the header claims
   * (uploads: a truncated file must not be accepted at its header's length).
   */
  measure?: boolean;
}

/** Whether the audio ends far from where its header says (a truncated or damaged file). */
export function lengthMismatch(probe: Pick<AudioProbe, 'durationSeconds' | 'declaredDurationSeconds'>): boolean {
  if (probe.declaredDurationSeconds === null) return false;
  const gap = Math.abs(probe.declaredDurationSeconds - probe.durationSeconds);
  return gap > MEDIA_SAFETY.durationMismatchMinSeconds && gap > probe.declaredDurationSeconds * MEDIA_SAFETY.durationMismatchShare;
}

/** Probes by content, never by name: a renamed text file is refused here. */
export async function probeAudio(path: string, options: ProbeOptions = {}): Promise<AudioProbe> {
  const ffprobe = options.ffprobePath ?? locateFfmpeg().ffprobe;
  let stdout: string;
  try {
    ({ stdout } = await runProcess(ffprobe, probeArgs(path), { signal: options.signal }));
  } catch (error) {
    if (error instanceof ProcessFailedError && error.exitCode !== null) throw new NotAudioError('unreadable', error.stderrTail);
    throw error;
  }
  const json: unknown = JSON.parse(stdout);
  if ((!options.measure || lengthIsExact(json)) && !lacksDuration(json)) return parseProbe(json, path);
  const end = await lastPacketEnd(ffprobe, path, options.signal);
  if (options.measure && end === undefined && ZProbe.safeParse(json).data?.streams.some((s) => s.codec_type === 'audio')) {
    throw new NotAudioError('unreadable', `${path}: no audio packets`);
  }
  return parseProbe(json, path, end);
}

/**
 * A PCM WAV's stated length is already where its audio ends: ffmpeg's wav demuxer bounds the data
 * chunk by the file's size (a truncated file is reported at what it holds), and PCM has no frames
 * to decode. No packet scan then, which for a long WAV upload (tens of thousands of packets) cost
 * more than the rest of the upload's checks together.
 */
function lengthIsExact(json: unknown): boolean {
  const parsed = ZProbe.safeParse(json);
  const stream = parsed.data?.streams.find((s) => s.codec_type === 'audio');
  const seconds = parsed.data?.format.duration ?? stream?.duration ?? 0;
  // An empty data chunk still goes through the scan, which refuses a file without audio packets.
  return parsed.data?.format.format_name === 'wav' && (stream?.codec_name?.startsWith('pcm_') ?? false) && seconds > 0;
}

function lacksDuration(json: unknown): boolean {
  const parsed = ZProbe.safeParse(json);
  if (!parsed.success) return false;
  const stream = parsed.data.streams.find((s) => s.codec_type === 'audio');
  return stream !== undefined && parsed.data.format.duration === undefined && stream.duration === undefined;
}

export function packetArgs(path: string): string[] {
  return [
    '-v',
    'error',
    ...untrustedInputOptions(),
    '-select_streams',
    'a:0',
    '-show_entries',
    'packet=pts_time,duration_time',
    '-of',
    'csv=p=0',
    path,
  ];
}

/** The end of the last packet in ffprobe's 'pts_time,duration_time' lines; undefined when none has a time. */
export function parsePacketEnd(csv: string): number | undefined {
  let end: number | undefined;
  for (const line of csv.split('\n')) {
    const [pts, duration] = line.split(',');
    const start = Number(pts);
    if (!pts || !Number.isFinite(start)) continue;
    const length = Number(duration);
    end = Math.max(end ?? 0, start + (Number.isFinite(length) ? length : 0));
  }
  return end;
}

/**
 * A streamed container (a browser's MediaRecorder WebM, anything written to a pipe) states no
 * duration; the audio's length is then where its last packet ends.
 */
async function lastPacketEnd(ffprobe: string, path: string, signal?: AbortSignal): Promise<number | undefined> {
  let end: number | undefined;
  // Folded line by line: an hours-long upload lists millions of packets.
  const fold = (line: string) => {
    const lineEnd = parsePacketEnd(line);
    if (lineEnd !== undefined) end = Math.max(end ?? 0, lineEnd);
  };
  await runProcess(ffprobe, packetArgs(path), { signal, onStdoutLine: fold, discardStdout: true });
  return end;
}
