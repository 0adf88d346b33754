import type { TTranscriptWord } from '@ppp/contracts';

/** How the transcript view breaks words into lines a creator reads: sentences, long breaths, or 18 words at most. */
export const TRANSCRIPT_LINES = { maxWords: 18, breakOnGapS: 1.5 } as const;

export interface TranscriptLine {
  /** Position of the line's first word in the transcript. */
  first: number;
  start: number;
  /** Positions of the line's words in the transcript. */
  indexes: number[];
}

/** Words grouped into lines: a new line after a sentence ends, after a pause, or when a line is full. */
export function transcriptLines(words: readonly TTranscriptWord[]): TranscriptLine[] {
  const lines: TranscriptLine[] = [];
  let current: TranscriptLine | null = null;
  words.forEach((word, index) => {
    const previous = words[index - 1];
    const breaks =
      current === null ||
      current.indexes.length >= TRANSCRIPT_LINES.maxWords ||
      (previous !== undefined && word.start - previous.end >= TRANSCRIPT_LINES.breakOnGapS) ||
      (previous !== undefined && /[.!?…]["')\]]?$/.test(previous.text.trim()));
    if (breaks || current === null) {
      current = { first: index, start: word.start, indexes: [] };
      lines.push(current);
    }
    current.indexes.push(index);
  });
  return lines;
}

/** m:ss, or h:mm:ss past an hour, for the line's start. */
export function lineTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Lowercase letters and digits only, so 'Sourdough,' matches a search for 'sourdough'. */
function plain(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}\s]/gu, '');
}

/**
 * Positions of the words that match a search (one or more words, in order); empty for an empty
 * search. Searching reads the words as they now read (corrections included).
 */
export function searchWords(words: readonly string[], query: string): Set<number> {
  const wanted = plain(query).split(/\s+/).filter(Boolean);
  const found = new Set<number>();
  if (wanted.length === 0) return found;
  const texts = words.map(plain);
  for (let i = 0; i + wanted.length <= texts.length; i++) {
    const last = wanted.length - 1;
    const matches = wanted.every((w, k) => (k === last ? texts[i + k]!.includes(w) : texts[i + k] === w));
    if (matches) for (let k = 0; k < wanted.length; k++) found.add(i + k);
  }
  return found;
}
