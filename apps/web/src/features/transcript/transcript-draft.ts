import {
  TRANSCRIPT_REVIEW,
  applyTranscriptEdits,
  isLowConfidence,
  type EditedTranscript,
  type TTranscriptEdits,
  type TTranscriptWord,
} from '@ppp/contracts';

/*
 * Issue 32: the creator's unsaved edits of a transcript, each at a position in the words as saved
 * (as the corrections call takes them), and what the transcript then reads (the contract's own rule
 * previews it). The view works in the previewed words' positions; these helpers map them back.
 */

export interface TranscriptDraft {
  /** Saved position to the text it should read. */
  corrections: Readonly<Record<number, string>>;
  /** Saved position to the two words it becomes. */
  splits: Readonly<Record<number, readonly [string, string]>>;
  /** First saved position to how many words join and what they read. */
  merges: Readonly<Record<number, { count: number; text: string }>>;
}

export const EMPTY_DRAFT: TranscriptDraft = { corrections: {}, splits: {}, merges: {} };

/** How a previewed word came about: as saved, corrected, half of a split or a merge (the last three unsaved). */
export type DraftKind = 'saved' | 'corrected' | 'split' | 'merged';

export interface DraftWord extends TTranscriptWord {
  /** Its saved position (a merge's first word, both halves of a split). */
  from: number;
  kind: DraftKind;
  /** Corrected by the creator, saved or not. */
  corrected: boolean;
  /** The engine was unsure of it and nobody corrected it yet. */
  low: boolean;
}

const positions = (record: object) =>
  Object.keys(record)
    .map(Number)
    .sort((a, b) => a - b);

/** The draft as the corrections call takes it, in transcript order. */
export function draftEdits(draft: TranscriptDraft): TTranscriptEdits {
  return {
    corrections: positions(draft.corrections).map((index) => ({ index, text: draft.corrections[index]! })),
    splits: positions(draft.splits).map((index) => ({ index, texts: [...draft.splits[index]!] as [string, string] })),
    merges: positions(draft.merges).map((index) => ({ index, ...draft.merges[index]! })),
  };
}

export function draftSize(draft: TranscriptDraft): number {
  return Object.keys(draft.corrections).length + Object.keys(draft.splits).length + Object.keys(draft.merges).length;
}

/** The words as they will read once saved, each with where it came from and its marks. */
export function previewWords(saved: readonly TTranscriptWord[], corrected: readonly number[], draft: TranscriptDraft): DraftWord[] {
  // The saved corrections only need to stay marked: what the engine heard there is not shown.
  const heard = Object.fromEntries(corrected.map((index) => [index, '\u0000']));
  const outcome = applyTranscriptEdits(saved, heard, draftEdits(draft));
  const edited: EditedTranscript = outcome.ok ? outcome.value : { words: [...saved], heard, from: saved.map((_, i) => i) };
  return edited.words.map((word, position) => {
    const from = edited.from[position]!;
    const kind: DraftKind =
      from in draft.splits ? 'split' : from in draft.merges ? 'merged' : from in draft.corrections ? 'corrected' : 'saved';
    const isCorrected = String(position) in edited.heard || kind !== 'saved';
    return { ...word, from, kind, corrected: isCorrected, low: !isCorrected && isLowConfidence(word) };
  });
}

/** A word's text typed at a previewed position: a correction, a split's half or a merge's text; two words typed with a space split it. */
export function setWordText(
  draft: TranscriptDraft,
  saved: readonly TTranscriptWord[],
  words: readonly DraftWord[],
  position: number,
  typed: string,
) {
  const word = words[position];
  const text = typed.trim();
  if (!word || text === '' || text === word.text) return draft;
  const parts = text.split(/\s+/);
  if ((word.kind === 'saved' || word.kind === 'corrected') && parts.length === 2)
    return splitWord(draft, word.from, [parts[0]!, parts[1]!]);
  if (word.kind === 'split') {
    const texts = [...draft.splits[word.from]!] as [string, string];
    texts[words[position - 1]?.from === word.from ? 1 : 0] = text;
    return { ...draft, splits: { ...draft.splits, [word.from]: texts } };
  }
  if (word.kind === 'merged') return { ...draft, merges: { ...draft.merges, [word.from]: { ...draft.merges[word.from]!, text } } };
  const corrections = { ...draft.corrections };
  if (text === saved[word.from]?.text) delete corrections[word.from];
  else corrections[word.from] = text;
  return { ...draft, corrections };
}

/** Whether a previewed word can be split now (a split half or a merge is saved first). */
export function canSplit(words: readonly DraftWord[], position: number): boolean {
  const kind = words[position]?.kind;
  return kind === 'saved' || kind === 'corrected';
}

/** The word at a saved position becomes two (its correction, if any, is replaced). */
export function splitWord(draft: TranscriptDraft, from: number, texts: readonly [string, string]): TranscriptDraft {
  const corrections = { ...draft.corrections };
  delete corrections[from];
  return { ...draft, corrections, splits: { ...draft.splits, [from]: texts } };
}

/** Where a typed word breaks: at a space, else at the cursor when it is inside the word; null when neither. */
export function splitAt(text: string, cursor: number | null): [string, string] | null {
  const trimmed = text.trim();
  const parts = trimmed.split(/\s+/);
  if (parts.length === 2) return [parts[0]!, parts[1]!];
  if (parts.length > 2 || cursor === null) return null;
  const left = text.slice(0, cursor).trim();
  const right = text.slice(cursor).trim();
  return left && right ? [left, right] : null;
}

/** The saved positions a previewed word covers. */
function span(draft: TranscriptDraft, word: DraftWord): [number, number] {
  return [word.from, word.from + (word.kind === 'merged' ? draft.merges[word.from]!.count - 1 : 0)];
}

/** Whether a previewed word can be merged with the next one (neither half of a split, within the merge limit). */
export function canMerge(draft: TranscriptDraft, words: readonly DraftWord[], position: number): boolean {
  const word = words[position];
  const next = words[position + 1];
  if (!word || !next || word.kind === 'split' || next.kind === 'split') return false;
  return span(draft, next)[1] - word.from + 1 <= TRANSCRIPT_REVIEW.maxMergeWords;
}

/** A previewed word and the next become one, their texts run together (the creator can retype it). */
export function mergeWithNext(draft: TranscriptDraft, words: readonly DraftWord[], position: number): TranscriptDraft {
  if (!canMerge(draft, words, position)) return draft;
  const word = words[position]!;
  const next = words[position + 1]!;
  const last = span(draft, next)[1];
  const corrections = { ...draft.corrections };
  const merges = { ...draft.merges };
  for (let index = word.from; index <= last; index++) {
    delete corrections[index];
    delete merges[index];
  }
  merges[word.from] = { count: last - word.from + 1, text: `${word.text}${next.text}` };
  return { ...draft, corrections, merges };
}

/** m:ss.s, the time a word starts, as the transcript shows it under the word. */
export function wordTime(seconds: number): string {
  const tenths = Math.max(0, Math.round(seconds * 10));
  const m = Math.floor(tenths / 600);
  const s = ((tenths % 600) / 10).toFixed(1).padStart(4, '0');
  return `${m}:${s}`;
}
