import type { Chapter } from './chapters.ts';

/*
 * Show notes as plain text with a blank line between parts: a summary paragraph, the key topics and
 * the chapters with their start times. That is what the creator reads and edits in the description
 * box; the feed and the show's site turn the paragraphs and lines into HTML (creatorNotesHtml).
 */

export interface ShowNotes {
  summary: readonly string[];
  topics: readonly string[];
  chapters: readonly Chapter[];
  /** Seconds; at an hour or more every timestamp gets an hour field. */
  duration: number;
}

export const SHOW_NOTES_HEADINGS = { topics: 'Key topics:', chapters: 'Chapters:' } as const;

const two = (n: number) => String(n).padStart(2, '0');

/** mm:ss, or h:mm:ss when the episode runs an hour or more. */
export function formatTimestamp(seconds: number, duration = seconds): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return duration >= 3600 ? `${h}:${two(m)}:${two(s)}` : `${two(m + h * 60)}:${two(s)}`;
}

/** Summary, topics and chapters, one paragraph each; a list of one chapter, or a chapter with no title, is left out. */
export function formatShowNotes(notes: ShowNotes): string {
  const titled = notes.chapters.filter((c) => c.title !== '');
  const chapters = titled.length > 1 ? titled.map((c) => `${formatTimestamp(c.start, notes.duration)} ${c.title}`) : [];
  return [
    notes.summary.join(' '),
    notes.topics.length ? `${SHOW_NOTES_HEADINGS.topics} ${notes.topics.join(', ')}` : '',
    chapters.length ? [SHOW_NOTES_HEADINGS.chapters, ...chapters].join('\n') : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}
