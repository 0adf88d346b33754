/** Samples per loudness block: about 21 ms at 48 kHz, short enough to catch a click or a brief beep. */
export const METER_BLOCK = 1024;

/**
 * The meter's level (0-1) for the audio since its last reading: the loudest block's RMS, scaled so
 * speech sits around the middle. Taking the loudest block of everything since the last tick, rather
 * than the newest 21 ms alone, is what lets a short sound show even when ticks arrive late.
 */
export function loudestLevel(samples: Float32Array, block = METER_BLOCK): number {
  let loudest = 0;
  for (let end = samples.length; end > 0; end -= block) {
    const start = Math.max(0, end - block);
    let sum = 0;
    for (let i = start; i < end; i += 1) sum += (samples[i] ?? 0) ** 2;
    loudest = Math.max(loudest, Math.sqrt(sum / (end - start)));
  }
  return Math.min(1, loudest * 3);
}

/** How many of the newest samples arrived since the last reading (plus one block of overlap), at most all of them. */
export function freshSampleCount(elapsedMs: number, sampleRate: number, available: number, block = METER_BLOCK): number {
  return Math.min(available, Math.ceil((Math.max(0, elapsedMs) / 1000) * sampleRate) + block);
}
