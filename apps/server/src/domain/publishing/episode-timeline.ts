import { withoutCueWords } from '@ppp/audio';
import { DEFAULT_AUDIO_CLEANUP_SETTINGS, type TChapterInput, type TEdl } from '@ppp/contracts';
import { cueWordsOf } from '../episodes/published-text.ts';

/** Renders from before chapters were written from the published words may still carry 'Intern: ...' titles. */
const CUE_WORDS = cueWordsOf(DEFAULT_AUDIO_CLEANUP_SETTINGS).all;

/** A chapter title as published: never starting with a spoken command ('Intern' alone was an answer's). */
function publishedTitle(title: string): string {
  return withoutCueWords(title, CUE_WORDS) || 'Answer';
}

/** The episode's chapters: its own list when set, else the segments the EDL planned. */
export function episodeChapters(chapters: readonly TChapterInput[] | null | undefined, edl: TEdl | null): TChapterInput[] {
  // Every field of a chapter is kept (an imported chapter's image and link, issue 36); the title is cleaned.
  if (chapters && chapters.length > 0) return chapters.map((c) => ({ ...c, title: publishedTitle(c.title) }));
  return (edl?.chapters ?? [])
    .filter((c) => c.title.trim() !== '')
    .map((c) => ({ title: publishedTitle(c.title), start_s: c.start_ms / 1000, end_s: c.end_ms / 1000 }));
}
