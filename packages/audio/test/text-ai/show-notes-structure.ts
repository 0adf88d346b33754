import { SHOW_NOTES_HEADINGS } from '../../src/text-ai/show-notes.ts';

/** Show notes read back into their parts, so tests assert what a listener would see. */
export interface ParsedNotes {
  summary: string[];
  topics: string[];
  chapters: { at: string; seconds: number; title: string }[];
}

export function toSeconds(stamp: string): number {
  return stamp.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

export function parseNotes(text: string): ParsedNotes {
  const parts = text.split('\n\n');
  const topics = parts.find((p) => p.startsWith(SHOW_NOTES_HEADINGS.topics))?.slice(SHOW_NOTES_HEADINGS.topics.length) ?? '';
  const chapters =
    parts
      .find((p) => p.startsWith(SHOW_NOTES_HEADINGS.chapters))
      ?.split('\n')
      .slice(1) ?? [];
  return {
    summary: parts[0]?.match(/[^.!?]+[.!?]/g)?.map((s) => s.trim()) ?? [],
    topics: topics
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    chapters: chapters.map((line) => {
      const [, at = '', title = ''] = /^(\d+(?::\d\d){1,2}) (.+)$/.exec(line) ?? [];
      return { at, seconds: toSeconds(at), title };
    }),
  };
}

/** 'Compost Pile and Green Material': two title-cased keywords joined, what titles used to be. */
export const JOINED_KEYWORDS = /^(?:[A-Z][\w'-]*\s?)+ and (?:[A-Z][\w'-]*\s?)+$/;

/** The structure issue 18 asks of the default engine's notes. */
export function expectShape(notes: ParsedNotes, duration: number): string[] {
  const problems: string[] = [];
  if (notes.summary.length < 2 || notes.summary.length > 3) problems.push(`summary of ${notes.summary.length} sentences`);
  if (notes.topics.length < 3 || notes.topics.length > 6) problems.push(`${notes.topics.length} topics`);
  if (notes.chapters.length < 2) problems.push(`${notes.chapters.length} chapters`);
  if (notes.chapters[0]?.seconds !== 0) problems.push('first chapter not at 0');
  notes.chapters.forEach((chapter, i) => {
    if (!chapter.title || JOINED_KEYWORDS.test(chapter.title)) problems.push(`chapter title '${chapter.title}'`);
    if (i > 0 && chapter.seconds <= (notes.chapters[i - 1]?.seconds ?? 0)) problems.push(`chapter ${i} not after the one before`);
    if (chapter.seconds >= duration) problems.push(`chapter ${i} past the end`);
  });
  return problems;
}

/** Cue words that must never reach the notes: the commands, the stop phrase and fillers. */
export const CUE_WORDS = ['flubber', 'intern', 'stop', 'um', 'uh', 'er', 'erm'];

export function cueWordsIn(text: string): string[] {
  const words = new Set(text.toLowerCase().match(/[a-z']+/g) ?? []);
  return CUE_WORDS.filter((cue) => words.has(cue));
}
