/** A stretch of audio to transcribe alone; [coreStart, coreEnd) is the part it is trusted for. */
export interface ChunkRange {
  index: number;
  start: number;
  end: number;
  coreStart: number;
  coreEnd: number;
}

/** A last chunk shorter than this share of the target is folded into the one before. */
const MIN_LAST_SHARE = 0.25;

/**
 * Splits [0, duration) into chunks of about targetSeconds. Each chunk but the last runs
 * overlapSeconds past its core, so a word cut at a core boundary is heard whole by the chunk
 * before; merging then keeps each word from one chunk only.
 */
export function splitForChunks(durationSeconds: number, targetSeconds: number, overlapSeconds: number): ChunkRange[] {
  if (!(durationSeconds > 0)) return [];
  if (!(targetSeconds > 0)) throw new RangeError('targetSeconds must be positive');
  if (overlapSeconds < 0 || overlapSeconds >= targetSeconds) throw new RangeError('overlapSeconds must be in [0, targetSeconds)');
  const bounds: number[] = [0];
  let at = targetSeconds;
  while (at < durationSeconds) {
    bounds.push(at);
    at += targetSeconds;
  }
  const lastCoreLength = durationSeconds - (bounds.at(-1) ?? 0);
  if (bounds.length > 1 && lastCoreLength < targetSeconds * MIN_LAST_SHARE) bounds.pop();
  bounds.push(durationSeconds);
  return bounds.slice(0, -1).map((coreStart, index) => {
    const coreEnd = bounds[index + 1] ?? durationSeconds;
    return { index, start: coreStart, end: Math.min(durationSeconds, coreEnd + overlapSeconds), coreStart, coreEnd };
  });
}
