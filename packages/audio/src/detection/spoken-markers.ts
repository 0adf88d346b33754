import { MARKERS } from '@ppp/contracts';
import type { AcousticEvidence, KeywordHit } from './evidence.ts';
import { meetsThreshold, phraseSimilarity } from './fuzzy.ts';
import type { MatchWord } from './normalise.ts';
import { findPhraseMatches, type PhraseMatch } from './phrase-match.ts';

/**
 * Spoken markers (Flubber, the Intern trigger, sound-effect keywords) decided on three kinds of
 * evidence (issue 33): the words (how closely the transcript's words match the phrase), the sound
 * (the keyword search's best hit over them) and the timing of speech (a marker stands alone between
 * pauses; a command starts a phrase).
 *
 * The sound says one of four things:
 * - strong: a hit at or above MARKERS.midPhraseKeywordMinScore;
 * - support: a hit at or above the phrase's minimum (stricter below two syllables);
 * - none: the phrase was searched for and nothing that strong was heard there;
 * - unknown: no search (no audio, no pocketsphinx): the words and timing decide alone.
 *
 * Accepted when (T is the timing rule, W a word match at the threshold, W! an exact word):
 *   strong: W or T; support: W! or T; none: W! and T; unknown: W! or (W and T).
 * So 'last flubber' inside 'and lasts longer than' (W!, no T, nothing heard) is not a marker, and a
 * 'flubber' written 'rubber' but heard and standing alone is one.
 */
export type Acoustic = 'strong' | 'support' | 'none' | 'unknown';

export interface SpokenMarker extends PhraseMatch {
  /** Word similarity of the matched words to the phrase (0 when below MARKERS.minWordSimilarity). */
  wordScore: number;
  /** The best keyword hit over the words, if any. */
  hit: KeywordHit | null;
  acoustic: Acoustic;
  /** The timing rule held (alone between pauses, or starting a phrase). */
  timing: boolean;
  /** 0-1: words, sound and timing combined. */
  confidence: number;
}

/** Which timing rule a marker must obey. */
export type TimingRule = 'alone' | 'phrase-start';

export interface MarkerSearch {
  phrases: readonly string[];
  threshold: number;
  evidence?: AcousticEvidence;
  timing: TimingRule;
  /** A marker that breaks its timing rule is accepted only on strong sound and a matching word (an Intern trigger mid-sentence). */
  timingRequired?: boolean;
  /**
   * Words known to be what was said (a supplied transcript, a creator's correction): the sound may
   * confirm them but not veto them, so a search that heard nothing there counts as no search.
   */
  trusted?: (position: number) => boolean;
}

/** Syllables of a phrase as written: groups of vowels, a final silent 'e' not counted ('stop' 1, 'flubber' 2, 'rimshot' 2). */
export function syllableCount(phrase: string): number {
  return phrase
    .split(' ')
    .map((word) => {
      const groups = word.replace(/e$/, '').match(/[aeiouy]+/g)?.length ?? 0;
      return Math.max(1, groups);
    })
    .reduce((sum, count) => sum + count, 0);
}

/** The score a keyword hit needs to support a phrase: stricter for one syllable, which hides inside longer words. */
export function minKeywordScore(phrase: string): number {
  return syllableCount(phrase) < 2 ? MARKERS.shortKeywordMinScore : MARKERS.keywordMinScore;
}

function overlapShare(a: { start: number; end: number }, b: { start: number; end: number }): number {
  const shared = Math.min(a.end, b.end) - Math.max(a.start, b.start);
  const shorter = Math.max(0.01, Math.min(a.end - a.start, b.end - b.start));
  return Math.max(0, shared) / shorter;
}

/** The best hit of the phrase over a stretch of audio. */
export function bestHit(evidence: AcousticEvidence | undefined, phrase: string, span: { start: number; end: number }): KeywordHit | null {
  let best: KeywordHit | null = null;
  for (const hit of evidence?.keywordHits ?? []) {
    if (hit.phrase !== phrase || overlapShare(hit, span) < MARKERS.hitWordOverlap) continue;
    if (best === null || hit.score > best.score) best = hit;
  }
  return best;
}

export function acousticOf(evidence: AcousticEvidence | undefined, phrase: string, hit: KeywordHit | null): Acoustic {
  if (!evidence?.searched?.includes(phrase)) return 'unknown';
  if (hit === null || hit.score < minKeywordScore(phrase)) return 'none';
  return hit.score >= MARKERS.midPhraseKeywordMinScore ? 'strong' : 'support';
}

/**
 * Whether speech pauses between two words: their times are minGap apart, or a measured silence at
 * least minGap long lies between their middles (whisper's word times abut across real pauses).
 */
export function pausesBetween(
  left: MatchWord | undefined,
  right: MatchWord | undefined,
  minGap: number,
  evidence: AcousticEvidence | undefined,
): boolean {
  if (left === undefined || right === undefined) return true;
  if (right.start - left.end >= minGap - 1e-9) return true;
  const from = (left.start + left.end) / 2;
  const to = (right.start + right.end) / 2;
  return (evidence?.silences ?? []).some((quiet) => quiet.end - quiet.start >= minGap && quiet.start >= from && quiet.end <= to);
}

function timingHolds(words: readonly MatchWord[], first: number, count: number, rule: TimingRule, evidence?: AcousticEvidence): boolean {
  const head = words[first];
  const tail = words[first + count - 1];
  if (rule === 'phrase-start') return pausesBetween(words[first - 1], head, MARKERS.phraseStartPauseSeconds, evidence);
  return (
    pausesBetween(words[first - 1], head, MARKERS.markerPauseSeconds, evidence) &&
    pausesBetween(tail, words[first + count], MARKERS.markerPauseSeconds, evidence)
  );
}

/** 0.5 at the phrase's minimum score, 0.9 at MARKERS.confidentKeywordScore, smooth between and beyond. */
function acousticConfidence(phrase: string, hit: KeywordHit | null): number {
  if (hit === null) return 0;
  const min = minKeywordScore(phrase);
  const spread = Math.max(1, MARKERS.confidentKeywordScore - min) / Math.log(9);
  return 1 / (1 + Math.exp(-(hit.score - min) / spread));
}

/**
 * Words, sound and timing weighed 2:1 (words to timing) with no search, and 1:2:1 (words, sound,
 * timing) with one: the sound says more than a recogniser's word, which may be its best guess for a
 * word it does not know ('flubber' written 'father').
 */
function combinedConfidence(phrase: string, wordScore: number, hit: KeywordHit | null, acoustic: Acoustic, timing: boolean): number {
  const searched = acoustic !== 'unknown';
  const parts: [number, number][] = [
    [wordScore, searched ? 1 : 2],
    [timing ? 1 : 0, 1],
  ];
  if (searched) parts.push([acousticConfidence(phrase, hit), 2]);
  const weight = parts.reduce((sum, [, w]) => sum + w, 0);
  return Math.round((parts.reduce((sum, [value, w]) => sum + value * w, 0) / weight) * 1000) / 1000;
}

function accepted(exact: boolean, word: boolean, acoustic: Acoustic, timing: boolean, timingRequired: boolean): boolean {
  if (!timing && timingRequired) return acoustic === 'unknown' ? exact : acoustic === 'strong' && word;
  switch (acoustic) {
    case 'strong':
      return word || timing;
    case 'support':
      return exact || timing;
    case 'none':
      return exact && timing;
    case 'unknown':
      return exact || (word && timing);
  }
}

function judge(words: readonly MatchWord[], match: PhraseMatch, phrase: string, search: MarkerSearch): SpokenMarker {
  const span = {
    start: words[match.first]?.start ?? 0,
    end: Math.max(...words.slice(match.first, match.first + match.count).map((w) => w.end)),
  };
  const hit = bestHit(search.evidence, phrase, span);
  const heard = acousticOf(search.evidence, phrase, hit);
  const positions = Array.from({ length: match.count }, (_, offset) => match.first + offset);
  const acoustic = heard === 'none' && search.trusted !== undefined && positions.every(search.trusted) ? 'unknown' : heard;
  const timing = timingHolds(words, match.first, match.count, search.timing, search.evidence);
  const wordScore = match.score >= MARKERS.minWordSimilarity ? match.score : 0;
  const confidence = combinedConfidence(phrase, wordScore, hit, acoustic, timing);
  return { ...match, wordScore, hit, acoustic, timing, confidence };
}

function isAccepted(marker: SpokenMarker, search: MarkerSearch): boolean {
  const word = meetsThreshold(marker.wordScore, search.threshold);
  return accepted(marker.wordScore === 1, word, marker.acoustic, marker.timing, search.timingRequired ?? false);
}

/**
 * Words the keyword search heard a phrase over, where the words themselves do not match it
 * ('rubber' for 'flubber'): the consecutive words the hit covers, scored by their similarity.
 */
function heardOnly(words: readonly MatchWord[], search: MarkerSearch, taken: readonly boolean[]): PhraseMatch[] {
  const found: PhraseMatch[] = [];
  for (const hit of search.evidence?.keywordHits ?? []) {
    const phraseIndex = search.phrases.indexOf(hit.phrase);
    if (phraseIndex < 0 || hit.score < minKeywordScore(hit.phrase)) continue;
    const covered = words.flatMap((word, position) => (overlapShare(word, hit) >= MARKERS.hitWordOverlap ? [position] : []));
    const first = covered[0];
    if (first === undefined || covered.some((position) => taken[position])) continue;
    const count = covered.length;
    const text = words
      .slice(first, first + count)
      .map((word) => word.norm)
      .join(' ');
    found.push({ phraseIndex, first, count, score: phraseSimilarity(text, hit.phrase) });
  }
  return found;
}

/**
 * Every accepted marker, in time order, none overlapping: candidates from the words (matched down
 * to MARKERS.minWordSimilarity, so a near miss can be confirmed by sound) and from the keyword hits
 * over words that do not match; each judged by its words, sound and timing.
 */
export function findSpokenMarkers(words: readonly MatchWord[], search: MarkerSearch): SpokenMarker[] {
  if (search.phrases.length === 0) return [];
  const loosest = search.evidence?.searched?.length ? Math.min(search.threshold, MARKERS.minWordSimilarity) : search.threshold;
  const fromWords = findPhraseMatches(words, search.phrases, loosest);
  const taken = new Array<boolean>(words.length).fill(false);
  for (const match of fromWords) for (let i = match.first; i < match.first + match.count; i++) taken[i] = true;
  const candidates = [...fromWords, ...heardOnly(words, search, taken)];
  const judged = candidates
    .map((match) => judge(words, match, search.phrases[match.phraseIndex] ?? '', search))
    .filter((marker) => isAccepted(marker, search))
    .sort((a, b) => b.confidence - a.confidence || a.first - b.first);
  const claimed = new Array<boolean>(words.length).fill(false);
  const chosen: SpokenMarker[] = [];
  for (const marker of judged) {
    if (claimed.slice(marker.first, marker.first + marker.count).some(Boolean)) continue;
    for (let i = marker.first; i < marker.first + marker.count; i++) claimed[i] = true;
    chosen.push(marker);
  }
  return chosen.sort((a, b) => a.first - b.first);
}
