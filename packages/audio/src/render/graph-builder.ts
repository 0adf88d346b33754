import type { TEdlFile } from '@ppp/contracts';
import { CURRENT_FFMPEG, unscaledAmix, type FfmpegCapabilities } from '../ffmpeg/legacy-filters.ts';
import { demuxerFor, untrustedInputOptions } from '../ffmpeg/safe-input.ts';

export const SAMPLE_RATE = 44_100;

/** Milliseconds to samples at 44.1 kHz; each time rounds once, so durations never drift. */
export function msToSamples(ms: number): number {
  return Math.round((ms * SAMPLE_RATE) / 1000);
}

/** Input options: only local files, and the demuxer named, never guessed from content or extension. */
export function inputArgs(file: TEdlFile, loop: boolean): string[] {
  return [...untrustedInputOptions(), '-f', demuxerFor(file.format), ...(loop ? ['-stream_loop', '-1'] : []), '-i', file.path];
}

const CONFORM = `aformat=sample_fmts=fltp:sample_rates=${SAMPLE_RATE}:channel_layouts=stereo`;

/** Collects inputs and filter chains with generated labels; pure, the result is data. */
export class GraphBuilder {
  readonly inputs: string[][] = [];
  readonly chains: string[] = [];
  /** What the ffmpeg that runs the graph offers; an older build gets legacy forms of some chains. */
  readonly capabilities: FfmpegCapabilities;
  private count = 0;

  constructor(capabilities: FfmpegCapabilities = CURRENT_FFMPEG) {
    this.capabilities = capabilities;
  }

  private next(): string {
    return `s${this.count++}`;
  }

  private emit(inputs: readonly string[], body: string): string {
    const out = this.next();
    this.chains.push(`${inputs.map((label) => `[${label}]`).join('')}${body}[${out}]`);
    return out;
  }

  input(file: TEdlFile, loop: boolean): string {
    this.inputs.push(inputArgs(file, loop));
    return `${this.inputs.length - 1}:a`;
  }

  chain(label: string, filters: readonly string[]): string {
    return filters.length === 0 ? label : this.emit([label], filters.join(','));
  }

  /** Every stream is resampled to 44.1 kHz stereo float, so concat and amix see one format. */
  conform(label: string): string {
    return this.chain(label, [`aresample=${SAMPLE_RATE}`, CONFORM]);
  }

  /** A generated stream (sine, anullsrc), conformed and cut to samples when given. */
  source(spec: string, samples?: number): string {
    return this.emit([], [spec, CONFORM, ...(samples === undefined ? [] : [`atrim=end_sample=${samples}`])].join(','));
  }

  split(label: string, n: number): string[] {
    const outs = Array.from({ length: n }, () => this.next());
    this.chains.push(`[${label}]asplit=${n}${outs.map((out) => `[${out}]`).join('')}`);
    return outs;
  }

  concat(labels: readonly string[]): string {
    return labels.length === 1 ? (labels[0] ?? '') : this.emit(labels, `concat=n=${labels.length}:v=0:a=1`);
  }

  /**
   * Sums streams without amix's default 1/n scaling, which would make each input quieter; the
   * sum lasts as long as the longest input, at most `samples`. A build without normalize sums
   * endlessly padded inputs (see unscaledAmix), cut at `samples`.
   */
  mix(labels: readonly string[], samples: number): string {
    if (labels.length === 1) return labels[0] ?? '';
    if (this.capabilities.amixNormalize) return this.emit(labels, `amix=inputs=${labels.length}:normalize=0:duration=longest`);
    const padded = labels.map((label) => this.chain(label, ['apad']));
    return this.emit(padded, `${unscaledAmix(labels.length, 'longest')},atrim=end_sample=${samples}`);
  }

  filter(labels: readonly string[], spec: string): string {
    return this.emit(labels, spec);
  }

  script(): string {
    return this.chains.join(';\n');
  }
}
