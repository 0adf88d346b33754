import { RETAKES, type TFillerMatch } from '@ppp/contracts';
import type { AcousticEvidence, FillerCandidate } from './evidence.ts';
import { discourseConfidence } from './discourse.ts';
import { normalisePhrases, roundSeconds, type MatchWord } from './normalise.ts';
import { findPhraseMatches, matchSpan } from './phrase-match.ts';

/** Fillers match exactly (after case and punctuation): a fuzzy 'like' would eat 'lake' and 'bike'. */
const FILLER_THRESHOLD = 1;

/** Hesitations and the spellings engines and people give them; they are never a real word. */
const HESITATIONS: Readonly<Record<string, readonly string[]>> = {
  um: ['um', 'umm', 'ummm', 'uhm', 'hmm', 'mm'],
  uh: ['uh', 'uhh', 'er', 'erm'],
};

/**
 * Words a recogniser writes for a hesitation it heard (pocketsphinx on the labelled set wrote 'am',
 * 'on', 'her', 'huh', 'oh', 'ah' for a held 'um' or 'uh'): a held sound between pauses over one of
 * these is a filler, over any other word it is not ('yeah', 'and', 'them' are kept: words on their own).
 */
const HEARD_AS_HESITATION = new Set(['a', 'ah', 'oh', 'eh', 'huh', 'hm', 'hmm', 'mm', 'er', 'uh', 'um', 'am', 'an', 'on', 'her']);

/** Each phrase to look for, with the filler it stands for ('umm' stands for 'um'). */
function spellings(fillerWords: readonly string[]): { phrases: string[]; fillerOf: Map<string, string> } {
  const fillerOf = new Map<string, string>();
  for (const filler of normalisePhrases(fillerWords)) {
    for (const spelling of HESITATIONS[filler] ?? [filler]) if (!fillerOf.has(spelling)) fillerOf.set(spelling, filler);
  }
  return { phrases: [...fillerOf.keys()], fillerOf };
}

/**
 * Where the filler's cut starts: fillerLeadTrimMs before it, but never into the previous word nor
 * before 0, and never after the filler itself starts.
 */
function fillerCutStart(start: number, previousEnd: number, leadTrimMs: number): number {
  return roundSeconds(Math.min(start, Math.max(start - leadTrimMs / 1000, previousEnd, 0)));
}

/** The words a stretch of sound covers: those lying at least half inside it. */
function wordsUnder(words: readonly MatchWord[], candidate: FillerCandidate): number[] {
  return words.flatMap((word, position) => {
    const inside = Math.min(word.end, candidate.end) - Math.max(word.start, candidate.start);
    return inside >= Math.max(0.01, (word.end - word.start) / 2) ? [position] : [];
  });
}

/**
 * Hesitations heard in the sound (a short held voiced stretch between pauses) that the words did not
 * give: over no word at all (the recogniser dropped it; word_count 0 at the next word's index) or
 * over one word a recogniser writes for a hesitation. Never over any other word.
 */
function fillersBySound(
  words: readonly MatchWord[],
  candidates: readonly FillerCandidate[],
  filler: string,
  leadTrimMs: number,
): TFillerMatch[] {
  return candidates.flatMap((candidate) => {
    if (candidate.score < RETAKES.fillerSoundMinScore) return [];
    const under = wordsUnder(words, candidate);
    const position = under[0];
    if (under.length > 1) return [];
    if (position !== undefined && !HEARD_AS_HESITATION.has(words[position]?.norm ?? '')) return [];
    const start = roundSeconds(Math.min(candidate.start, words[position ?? -1]?.start ?? Infinity));
    const end = roundSeconds(Math.max(candidate.end, words[position ?? -1]?.end ?? 0));
    const before = words.filter((word) => word.end <= start + 0.001).at(-1);
    const after = words.find((word) => word.start >= end - 0.001);
    const anchor = position === undefined ? after : words[position];
    if (anchor === undefined) return [];
    return [
      {
        filler,
        word_index: anchor.index,
        word_count: position === undefined ? 0 : 1,
        text: position === undefined ? '' : anchor.raw,
        start_s: start,
        end_s: end,
        cut_start_s: fillerCutStart(start, before?.end ?? 0, leadTrimMs),
        cut_end_s: end,
        by_sound: true,
      },
    ];
  });
}

const overlaps = (a: TFillerMatch, b: TFillerMatch) => Math.min(a.end_s, b.end_s) > Math.max(a.start_s, b.start_s);

/**
 * Every filler in the transcript: hesitations ('um', 'uh' and their spellings) wherever they are
 * said; a filler that is also a real word ('like', 'you know') only where it stands as a discourse
 * marker, at or above RETAKES.discourseFillerMinConfidence; and, when the audio was heard and
 * 'um' or 'uh' is on the list, the hesitations found by their sound.
 */
export function detectFillers(
  words: readonly MatchWord[],
  fillerWords: readonly string[],
  leadTrimMs: number,
  evidence?: AcousticEvidence,
): TFillerMatch[] {
  const { phrases, fillerOf } = spellings(fillerWords);
  const byWords = findPhraseMatches(words, phrases, FILLER_THRESHOLD).flatMap((match) => {
    const spelling = phrases[match.phraseIndex] ?? '';
    const filler = fillerOf.get(spelling) ?? spelling;
    const hesitation = HESITATIONS[filler] !== undefined;
    if (!hesitation && discourseConfidence(words, match.first, match.count) < RETAKES.discourseFillerMinConfidence) return [];
    const span = matchSpan(words, match.first, match.count);
    const previousEnd = words[match.first - 1]?.end ?? 0;
    return [{ filler, ...span, cut_start_s: fillerCutStart(span.start_s, previousEnd, leadTrimMs), cut_end_s: span.end_s }];
  });
  const hesitation = Object.keys(HESITATIONS).find((filler) => fillerOf.get(filler) === filler);
  const candidates = hesitation === undefined ? [] : (evidence?.fillerCandidates ?? []);
  const bySound = fillersBySound(words, candidates, hesitation ?? 'um', leadTrimMs).filter(
    (sound) => !byWords.some((word) => overlaps(sound, word)),
  );
  return [...byWords, ...bySound].sort((a, b) => a.start_s - b.start_s);
}
