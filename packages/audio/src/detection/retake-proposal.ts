import { RETAKES } from '@ppp/contracts';
import type { AcousticEvidence } from './evidence.ts';
import type { MatchWord } from './normalise.ts';
import { findRetakeStart, retakeCut, retakeCutFrom, sentenceStart, type RetakeSearch } from './retake.ts';
import { restartBySound, type SoundRestart } from './retake-sound.ts';

/** A marker's retake as proposed: the cut, what it is based on, and whether the review starts with it checked. */
export interface RetakeProposal {
  cut_start_s: number;
  cut_end_s: number;
  /** The flubbed take's words as spoken. */
  retake_text: string;
  /** False when the cut would start more than RETAKES.choiceBeyondSeconds before the take it repeats. */
  preselected: boolean;
}

/** The restart point by sound for one marker, or null without features or when nothing stands out. */
function soundRestart(words: readonly MatchWord[], search: RetakeSearch, evidence: AcousticEvidence | undefined, durationS: number | null) {
  const features = evidence?.features;
  const marker = words[search.first];
  const markerEnd = words[search.first + search.count - 1]?.end;
  if (features === undefined || marker === undefined || markerEnd === undefined) return null;
  const bound = words[sentenceStart(words, search)];
  const next = words[search.first + search.count];
  const limit = words[search.latest]?.start ?? durationS ?? features.frames.length * features.stepS;
  const span = {
    fromS: Math.max(0, (bound?.start ?? 0) - RETAKES.snapToWordSeconds),
    markerS: marker.start,
    retakeS: next?.start ?? markerEnd,
    retakeEndS: limit,
  };
  return restartBySound(features, span, evidence?.silences);
}

/** The word whose start is nearest a time, within RETAKES.snapToWordSeconds, between two positions. */
function wordNear(words: readonly MatchWord[], seconds: number, from: number, to: number): number | null {
  let best: number | null = null;
  for (let position = from; position < to; position++) {
    const distance = Math.abs((words[position]?.start ?? Infinity) - seconds);
    if (distance <= RETAKES.snapToWordSeconds && (best === null || distance < Math.abs((words[best]?.start ?? 0) - seconds)))
      best = position;
  }
  return best;
}

/** Where the quiet before a time began: the measured silence ending there, else the previous word's end. */
function quietBefore(seconds: number, words: readonly MatchWord[], evidence: AcousticEvidence | undefined): number {
  const silence = (evidence?.silences ?? []).find((s) => s.start < seconds && Math.abs(s.end - seconds) <= 0.02);
  if (silence) return silence.start;
  const previous = words.filter((word) => word.end <= seconds).at(-1);
  return previous?.end ?? 0;
}

/**
 * Where the flubbed take began: by its words (they repeat after the marker), by its sound (the
 * retake's opening aligned against the audio before the marker) or both. When they agree the word's
 * start is used; when they differ the sound wins, moved to a word's start close to it, since a
 * recogniser that garbles the take garbles its words, not its sound. Null when neither finds it.
 */
function restartOf(
  words: readonly MatchWord[],
  search: RetakeSearch,
  sound: SoundRestart | null,
): { position: number } | { atS: number } | null {
  const byWords = findRetakeStart(words, search);
  if (sound === null) return byWords;
  const wordS = byWords ? words[byWords.position]?.start : undefined;
  if (byWords && wordS !== undefined && Math.abs(wordS - sound.startS) <= RETAKES.soundAgreeSeconds) return byWords;
  const near = wordNear(words, sound.startS, sentenceStart(words, search), search.first);
  return near === null ? { atS: sound.startS } : { position: near };
}

/** The start of the last phrase before the marker (after a pause of RETAKES.phrasePauseSeconds): the take, when no sound says otherwise. */
function lastPhraseStart(words: readonly MatchWord[], first: number, earliest: number): number {
  let position = first - 1;
  while (position > earliest) {
    const word = words[position];
    const previous = words[position - 1];
    if (!word || !previous || word.start - previous.end >= RETAKES.phrasePauseSeconds) break;
    position--;
  }
  return words[Math.max(position, 0)]?.start ?? 0;
}

/**
 * The proposed cut of one marker's retake (null when no retake is found: the caller uses the
 * spec's cut around the marker). A cut reaching more than RETAKES.choiceBeyondSeconds before the
 * take the retake repeats (its sound, else the last phrase before the marker) is not preselected.
 */
export function proposeRetake(
  words: readonly MatchWord[],
  search: RetakeSearch,
  durationS: number | null,
  evidence?: AcousticEvidence,
): RetakeProposal | null {
  const sound = soundRestart(words, search, evidence, durationS);
  const restart = restartOf(words, { ...search, silences: evidence?.silences }, sound);
  if (restart === null) return null;
  const afterMarker = search.first + search.count;
  const cut =
    'position' in restart
      ? retakeCut(words, restart.position, afterMarker, durationS)
      : retakeCutFrom({ atS: restart.atS, quietFromS: quietBefore(restart.atS, words, evidence) }, words, afterMarker, durationS);
  const takeS = 'position' in restart ? (words[restart.position]?.start ?? 0) : restart.atS;
  const repeated = sound?.startS ?? lastPhraseStart(words, search.first, search.earliest);
  return {
    ...cut,
    retake_text: words
      .slice(search.earliest, search.first)
      .filter((word) => word.start >= takeS - 0.001)
      .map((word) => word.raw)
      .join(' '),
    preselected: repeated - cut.cut_start_s <= RETAKES.choiceBeyondSeconds,
  };
}
