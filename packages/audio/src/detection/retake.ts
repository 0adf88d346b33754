import { doubleMetaphone } from 'double-metaphone';
import { CLEANUP, RETAKES } from '@ppp/contracts';
import { meetsThreshold, similarity } from './fuzzy.ts';
import { roundSeconds, type MatchWord } from './normalise.ts';

/** Alignment scores: a shared word earns more than a skipped or changed word costs. */
const MATCH = 2;
const MISS = -1;

/** Where one marker sits in the MatchWord list, and how far its retake may reach either side. */
export interface RetakeSearch {
  /** Position of the marker's first word and how many words it spans. */
  first: number;
  count: number;
  /** First position the flubbed take may start at (after the previous marker). */
  earliest: number;
  /** Last position the retake may reach (before the next marker), exclusive. */
  latest: number;
  /** Quiet stretches measured on the audio, beside the gaps between word times. */
  silences?: readonly { start: number; end: number }[];
}

export interface RetakeStart {
  /** Position of the flubbed take's first word. */
  position: number;
  shared: number;
  score: number;
}

const digitsOf = (word: string): string => word.replace(/\D/g, '');

/** Spelled alike, or sounding alike ('their' and 'there', which recognisers swap); numbers only when equal ('chapter 2' is not 'chapter 3'). */
function sameWord(a: MatchWord, b: MatchWord, sound: (word: MatchWord) => string): boolean {
  if (digitsOf(a.norm) !== digitsOf(b.norm)) return false;
  if (meetsThreshold(similarity(a.norm, b.norm), CLEANUP.retakeWordSimilarity)) return true;
  const code = sound(a);
  return code !== '' && code === sound(b);
}

function soundOf(): (word: MatchWord) => string {
  const codes = new Map<string, string>();
  return (word) => {
    let code = codes.get(word.norm);
    if (code === undefined) {
      code = doubleMetaphone(word.norm.replaceAll(' ', ''))[0];
      codes.set(word.norm, code);
    }
    return code;
  };
}

/** Whether two words are the same word said again (spelled or sounding alike), with the sounds remembered. */
export function wordsAlike(): (a: MatchWord, b: MatchWord) => boolean {
  const sound = soundOf();
  return (a, b) => sameWord(a, b, sound);
}

interface Cell {
  score: number;
  shared: number;
}

/**
 * Aligns the flubbed take (take words from `from` on) with the start of the retake, edit-distance
 * style with a free end on the retake: a take cut short and restarted shares its words in order
 * with the retake's opening. same[i][j] says whether take word i and retake word j match.
 */
function alignTake(same: readonly (readonly boolean[])[], from: number, retakeLength: number): Cell {
  const cols = retakeLength + 1;
  let previous: Cell[] = Array.from({ length: cols }, (_, j) => ({ score: j * MISS, shared: 0 }));
  for (let i = from; i < same.length; i++) {
    const row: Cell[] = [{ score: (i - from + 1) * MISS, shared: 0 }];
    for (let j = 1; j < cols; j++) {
      const diagonal = previous[j - 1] ?? { score: -Infinity, shared: 0 };
      const up = previous[j] ?? { score: -Infinity, shared: 0 };
      const left = row[j - 1] ?? { score: -Infinity, shared: 0 };
      const match = same[i]?.[j - 1] === true;
      const options: Cell[] = [
        { score: diagonal.score + (match ? MATCH : MISS), shared: diagonal.shared + (match ? 1 : 0) },
        { score: up.score + MISS, shared: up.shared },
        { score: left.score + MISS, shared: left.shared },
      ];
      row.push(options.reduce((best, option) => (option.score > best.score ? option : best)));
    }
    previous = row;
  }
  return previous.reduce((best, cell) => (cell.score > best.score ? cell : best), { score: -Infinity, shared: 0 });
}

export const SENTENCE_END = /[.?!]["')\]]*$/;

/** Whether a measured silence of at least `seconds` lies between two times. */
function quietBetween(silences: RetakeSearch['silences'], from: number, to: number, seconds: number): boolean {
  return (silences ?? []).some((s) => Math.min(s.end, to) - Math.max(s.start, from) >= seconds);
}

/**
 * The first position of the sentence before the marker: after the last word ending a sentence
 * (. ? !) or the last pause of RETAKES.sentencePauseSeconds (by word times or measured), never
 * counting the pause just before the marker. The take is looked for from there on only.
 */
export function sentenceStart(words: readonly MatchWord[], search: Pick<RetakeSearch, 'first' | 'earliest' | 'silences'>): number {
  const pause = RETAKES.sentencePauseSeconds;
  for (let position = search.first - 1; position > search.earliest; position--) {
    const word = words[position];
    const previous = words[position - 1];
    if (word === undefined || previous === undefined) break;
    const boundary =
      SENTENCE_END.test(previous.raw) ||
      word.start - previous.end >= pause ||
      quietBetween(search.silences, previous.end - 0.05, word.start + 0.05, pause);
    if (boundary) return position;
  }
  return search.earliest;
}

/**
 * Where the flubbed take began: the word before the marker from which the words up to the marker
 * best match the words said after it. Rule: the take must share at least retakeMinSharedWords
 * words with the retake and score above zero; on equal scores the later start (the shorter cut)
 * wins. Null when nothing before the marker is said again after it.
 */
export function findRetakeStart(words: readonly MatchWord[], search: RetakeSearch): RetakeStart | null {
  const marker = words[search.first];
  const afterMarker = search.first + search.count;
  if (marker === undefined) return null;
  const take = words
    .slice(sentenceStart(words, search), search.first)
    .filter((word) => word.start >= marker.start - CLEANUP.retakeWindowSeconds);
  const retakeEnd = (words[afterMarker]?.start ?? 0) + CLEANUP.retakeWindowSeconds;
  const retake = words.slice(afterMarker, search.latest).filter((word) => word.start < retakeEnd);
  if (take.length === 0 || retake.length === 0) return null;
  const offset = search.first - take.length;
  const sound = soundOf();
  const same = take.map((takeWord) => retake.map((retakeWord) => sameWord(takeWord, retakeWord, sound)));
  let best: RetakeStart | null = null;
  for (let from = take.length - 1; from >= 0; from--) {
    const { score, shared } = alignTake(same, from, retake.length);
    if (shared < CLEANUP.retakeMinSharedWords || score <= 0) continue;
    if (best === null || score > best.score) best = { position: offset + from, shared, score };
  }
  return best;
}

/** Where the flubbed take's sound begins, and where the quiet before it begins (the previous word's end). */
export interface TakeOnset {
  atS: number;
  quietFromS: number;
}

/**
 * The proposed cut once the take's start is known: from a little before the take (at most
 * retakeLeadSilenceSeconds, never past half the silence before it, so the pause before the take
 * stays) to just before the retake's first word (retakePreRollSeconds, at most half the silence
 * after the marker), or the marker's end plus the spec's 0.25 s when nothing follows it.
 */
export function retakeCutFrom(
  take: TakeOnset,
  words: readonly MatchWord[],
  afterMarker: number,
  durationS: number | null,
): { cut_start_s: number; cut_end_s: number } {
  const markerEnd = words[afterMarker - 1]?.end ?? take.atS;
  const start = take.atS - Math.min(CLEANUP.retakeLeadSilenceSeconds, Math.max(0, take.atS - take.quietFromS) / 2);
  const next = words[afterMarker];
  let end =
    next === undefined
      ? markerEnd + CLEANUP.flubberCutAfterSeconds
      : next.start - Math.min(CLEANUP.retakePreRollSeconds, Math.max(0, next.start - markerEnd) / 2);
  end = Math.max(end, markerEnd, start + CLEANUP.flubberMinCutSeconds);
  if (durationS !== null) end = Math.min(end, durationS);
  return { cut_start_s: roundSeconds(Math.max(0, start)), cut_end_s: roundSeconds(end) };
}

/** retakeCutFrom for a take that starts at a word (takeStart is its position). */
export function retakeCut(
  words: readonly MatchWord[],
  takeStart: number,
  afterMarker: number,
  durationS: number | null,
): { cut_start_s: number; cut_end_s: number } {
  const first = words[takeStart];
  if (first === undefined) throw new RangeError('The take has no first word');
  return retakeCutFrom({ atS: first.start, quietFromS: words[takeStart - 1]?.end ?? 0 }, words, afterMarker, durationS);
}
