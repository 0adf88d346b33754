import type { TLongPause } from '@ppp/contracts';
import { roundSeconds, type MatchWord } from './normalise.ts';

/** A long pause with the MatchWord positions on either side, for overlap checks. */
export interface LocatedPause {
  pause: TLongPause;
  before: number;
  after: number;
}

/**
 * Silences between words longer than maxPauseSeconds (measured to the millisecond, so a gap of
 * exactly 1.8 s is not longer than 1.8 s). The cut keeps the first targetPauseSeconds of the gap,
 * capped at maxPauseSeconds. Silence before the first word or after the last is not a pause.
 */
export function locateLongPauses(words: readonly MatchWord[], maxPauseSeconds: number, targetPauseSeconds: number): LocatedPause[] {
  const keep = Math.min(targetPauseSeconds, maxPauseSeconds);
  const located: LocatedPause[] = [];
  let latest: MatchWord | undefined;
  let latestPosition = -1;
  words.forEach((word, position) => {
    if (latest !== undefined) {
      const gap = roundSeconds(word.start - latest.end);
      if (gap > maxPauseSeconds) {
        const pause = {
          after_word_index: latest.index,
          start_s: latest.end,
          end_s: word.start,
          duration_s: gap,
          cut_start_s: roundSeconds(latest.end + keep),
          cut_end_s: word.start,
        };
        located.push({ pause, before: latestPosition, after: position });
      }
    }
    // Words may overlap; the silence starts when the latest-ending word so far has ended.
    if (latest === undefined || word.end >= latest.end) {
      latest = word;
      latestPosition = position;
    }
  });
  return located;
}

export function detectLongPauses(words: readonly MatchWord[], maxPauseSeconds: number, targetPauseSeconds: number): TLongPause[] {
  return locateLongPauses(words, maxPauseSeconds, targetPauseSeconds).map((located) => located.pause);
}
