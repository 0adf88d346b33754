/** Show notes HTML read back into its parts, so tests assert what a listener would see. */
export interface ParsedNotes {
  summary: string[];
  topics: string[];
  chapters: { at: string; seconds: number; title: string }[];
}

const items = (html: string, heading: string) => {
  const list = new RegExp(`<p><strong>${heading}</strong></p><ul>(.*?)</ul>`).exec(html)?.[1] ?? '';
  return [...list.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1] ?? '');
};

export function toSeconds(stamp: string): number {
  return stamp.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

export function parseNotes(html: string): ParsedNotes {
  const summary = /^<p>(.*?)<\/p>/.exec(html)?.[1] ?? '';
  return {
    summary: summary.match(/[^.!?]+[.!?]/g)?.map((s) => s.trim()) ?? [],
    topics: items(html, 'Key topics'),
    chapters: items(html, 'Chapters').map((line) => {
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
