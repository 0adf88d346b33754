import { RETAKES, type TRetakeSuggestion } from '@ppp/contracts';
import type { AcousticEvidence } from './evidence.ts';
import type { MatchWord } from './normalise.ts';
import { matchSpan } from './phrase-match.ts';
import { retakeCutFrom, SENTENCE_END, wordsAlike } from './retake.ts';
import { restartBySound } from './retake-sound.ts';
import { repeatsBySound } from './suggestions-sound.ts';

const CLAUSE_END = /[,;:]["')\]]*$/;

/** Positions that open a phrase: the first word, and every word after a pause or a punctuation mark. */
function phraseStarts(words: readonly MatchWord[]): number[] {
  return words.flatMap((word, position) => {
    const previous = words[position - 1];
    if (previous === undefined) return [position];
    const opens =
      word.start - previous.end >= RETAKES.phrasePauseSeconds || SENTENCE_END.test(previous.raw) || CLAUSE_END.test(previous.raw);
    return opens ? [position] : [];
  });
}

interface Repeat {
  first: number;
  second: number;
  shared: number;
}

/** The nearest later phrase opening with the same words as the phrase at `first`, if it comes soon and the first was dropped. */
function repeatOf(
  words: readonly MatchWord[],
  first: number,
  starts: readonly number[],
  alike: ReturnType<typeof wordsAlike>,
): Repeat | null {
  const opening = words[first];
  if (opening === undefined) return null;
  for (const second of starts) {
    if (second <= first) continue;
    if ((words[second]?.start ?? Infinity) - opening.start > RETAKES.suggestionMaxSeconds) break;
    let shared = 0;
    while (first + shared < second) {
      const a = words[first + shared];
      const b = words[second + shared];
      if (a === undefined || b === undefined || !alike(a, b)) break;
      shared++;
    }
    const trailing = second - first - shared;
    if (shared >= RETAKES.suggestionMinSharedWords && trailing <= RETAKES.suggestionMaxTrailingWords) return { first, second, shared };
  }
  return null;
}

/**
 * How sure a repeat is a dropped take: more shared words count for it, words said after the shared
 * opening and a finished sentence (a full stop before the second take) against it, and the second
 * take's sound matching the first's for it.
 */
function confidenceOf(words: readonly MatchWord[], repeat: Repeat, evidence: AcousticEvidence | undefined): number {
  const trailing = repeat.second - repeat.first - repeat.shared;
  let confidence = Math.min(0.9, 0.4 + 0.1 * repeat.shared) - 0.1 * trailing;
  if (SENTENCE_END.test(words[repeat.second - 1]?.raw ?? '')) confidence *= 0.5;
  const features = evidence?.features;
  const first = words[repeat.first];
  const second = words[repeat.second];
  if (features && first && second) {
    const span = { fromS: first.start, markerS: second.start, retakeS: second.start, retakeEndS: second.start + RETAKES.soundQuerySeconds };
    const sound = restartBySound(features, span, evidence?.silences);
    confidence += sound !== null && Math.abs(sound.startS - first.start) <= RETAKES.soundAgreeSeconds ? 0.1 : -0.2;
  }
  return Math.round(Math.max(0, Math.min(1, confidence)) * 100) / 100;
}

/**
 * Takes said twice with no marker (issue 33): a phrase that opens with at least
 * RETAKES.suggestionMinSharedWords of the words of a phrase begun at most
 * RETAKES.suggestionMaxSeconds before it, which was dropped soon after that opening. Each is a
 * suggestion, never cut without the creator's yes: the proposed cut removes the dropped take. Spans
 * touching a spoken command (`claimed` positions) are left to it.
 */
export function detectRepeatedTakes(
  words: readonly MatchWord[],
  claimed: ReadonlySet<number>,
  evidence?: AcousticEvidence,
  durationS: number | null = null,
): TRetakeSuggestion[] {
  const starts = phraseStarts(words);
  const alike = wordsAlike();
  const suggestions: TRetakeSuggestion[] = [];
  let next = 0;
  for (const first of starts) {
    if (first < next) continue;
    const repeat = repeatOf(words, first, starts, alike);
    if (repeat === null) continue;
    const touched = Array.from({ length: repeat.second + repeat.shared - first }, (_, i) => first + i).some((p) => claimed.has(p));
    if (touched) continue;
    const take = words[first];
    if (take === undefined) continue;
    const cut = retakeCutFrom({ atS: take.start, quietFromS: words[first - 1]?.end ?? 0 }, words, repeat.second, durationS);
    suggestions.push({
      suggestion_index: suggestions.length,
      first: matchSpan(words, first, repeat.second - first),
      second: matchSpan(words, repeat.second, repeat.shared),
      ...cut,
      confidence: confidenceOf(words, repeat, evidence),
    });
    next = repeat.second;
  }
  return [...suggestions, ...bySound(words, claimed, suggestions, evidence, durationS)].map((s, i) => ({ ...s, suggestion_index: i }));
}

/** Positions of the words starting in [from, to). */
function wordsBetween(words: readonly MatchWord[], from: number, to: number): number[] {
  return words.flatMap((word, position) => (word.start >= from && word.start < to ? [position] : []));
}

/** Repeats heard in the sound that the words did not show, as suggestions over the words there. */
function bySound(
  words: readonly MatchWord[],
  claimed: ReadonlySet<number>,
  found: readonly TRetakeSuggestion[],
  evidence: AcousticEvidence | undefined,
  durationS: number | null,
): TRetakeSuggestion[] {
  if (!evidence?.features || !evidence.silences) return [];
  return repeatsBySound(evidence.features, evidence.silences).flatMap((repeat) => {
    const slack = RETAKES.soundOnsetSeconds;
    const take = wordsBetween(words, repeat.firstS - slack, repeat.secondS - slack);
    const again = wordsBetween(words, repeat.secondS - slack, repeat.secondS + RETAKES.soundQuerySeconds);
    const first = take[0];
    const second = again[0];
    if (first === undefined || second === undefined) return [];
    if ([...take, ...again].some((p) => claimed.has(p))) return [];
    if (found.some((s) => s.cut_start_s < repeat.secondS && s.cut_end_s > repeat.firstS)) return [];
    const cut = retakeCutFrom({ atS: repeat.firstS, quietFromS: words[first - 1]?.end ?? 0 }, words, second, durationS);
    const confidence = Math.round(Math.min(0.9, 1 - repeat.ratio) * 100) / 100;
    return [
      {
        suggestion_index: 0,
        first: matchSpan(words, first, take.length),
        second: matchSpan(words, second, again.length),
        ...cut,
        confidence,
      },
    ];
  });
}
