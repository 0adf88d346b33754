/**
 * Filter chains for builds that lack what the renderer relies on, each
 * giving what a current build does: an unscaled sum for amix's normalize=0, an output aligned
 * with its input for alimiter's latency=1, and ebur128 off the path of the kept audio.
 */

/**
 * What the renderer relies on that older builds lack: the npm-shipped fallback is a 2018 static
 * build (ffmpeg 4.1 era), Debian's is 5.1. Each false switches to a legacy form of the same
 * filter chain (below); capabilities.ts probes a binary for them. Pure, so graph and argument builders import it without process code.; a build with all gets exactly the chains it always did.
 */
export interface FfmpegCapabilities {
  /** amix has `normalize`: without it amix always scales by 1/(inputs still running). */
  amixNormalize: boolean;
  /** alimiter has `latency`: without it the look-ahead delays the output. */
  alimiterLatency: boolean;
  /**
   * ebur128 takes the stream at its own rate; 4.1's takes only 48 kHz, so ffmpeg resamples
   * whatever passes through it (an encode measured in line would be resampled twice).
   */
  ebur128AnyRate: boolean;
}

/** What a current build (Debian's 5.1 and later) offers. */
export const CURRENT_FFMPEG: FfmpegCapabilities = { amixNormalize: true, alimiterLatency: true, ebur128AnyRate: true };

/**
 * The amix of a build without `normalize`, which always scales each input by 1/(inputs still
 * running). The caller pads every input the mix must not lose (apad, endlessly), so the scale
 * stays 1/n from start to end; volume=n then restores the plain sum (exact for n a power of two,
 * within float rounding, about -140 dB, otherwise). The result is as long as `duration` says,
 * so endlessly padded inputs need a trim after it.
 */
export function unscaledAmix(inputs: number, duration: 'longest' | 'first'): string {
  const mix = `amix=inputs=${inputs}:duration=${duration}`;
  return inputs === 1 ? mix : `${mix},volume=${inputs}`;
}

/**
 * Samples an old alimiter delays its output by: its look-ahead buffer holds
 * rate * attack values a channel (rounded down), less one sample (measured with an impulse on the
 * npm-shipped build: 43, 219 and 881 samples at 44.1 kHz stereo for attacks of 1, 5 and 20 ms).
 */
export function legacyLimiterDelay(sampleRate: number, attackMs: number): number {
  return Math.floor(sampleRate * (attackMs / 1000)) - 1;
}

/**
 * An alimiter without `latency`, made to keep timing and length: the input is padded by the
 * delay (so the last samples are pushed through) and as many are dropped from the start.
 */
export function alignedLegacyLimiter(limiter: string, delaySamples: number): string[] {
  return [`apad=pad_len=${delaySamples}`, limiter, `atrim=start_sample=${delaySamples}`, 'asetpts=PTS-STARTPTS'];
}

/**
 * ebur128 on a build that takes only 48 kHz, on a measuring branch, resampled to that rate in the
 * chain: left to format negotiation, the conversion can land before the split that feeds the
 * branch (ffmpeg 4.1 put it there after alimiter), and the audio kept is then resampled too.
 */
export function legacyEbur128(options: string): string {
  return `aresample=48000,ebur128=${options}`;
}
