import type { Chapter } from './chapters.ts';

/*
 * Show notes as the HTML the podcast sanitizer keeps (p, strong, ul, li): a summary paragraph, the
 * key topics and the chapters with their start times, so the structure survives into the RSS feed.
 */

export interface ShowNotes {
  summary: readonly string[];
  topics: readonly string[];
  chapters: readonly Chapter[];
  /** Seconds; at an hour or more every timestamp gets an hour field. */
  duration: number;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const two = (n: number) => String(n).padStart(2, '0');

/** mm:ss, or h:mm:ss when the episode runs an hour or more. */
export function formatTimestamp(seconds: number, duration = seconds): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return duration >= 3600 ? `${h}:${two(m)}:${two(s)}` : `${two(m + h * 60)}:${two(s)}`;
}

function list(heading: string, items: readonly string[]): string {
  if (items.length === 0) return '';
  return `<p><strong>${heading}</strong></p><ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
}

export function formatShowNotes(notes: ShowNotes): string {
  const summary = notes.summary.length ? `<p>${escapeHtml(notes.summary.join(' '))}</p>` : '';
  const chapters = notes.chapters.length > 1 ? notes.chapters.map((c) => `${formatTimestamp(c.start, notes.duration)} ${c.title}`) : [];
  return [summary, list('Key topics', notes.topics), list('Chapters', chapters)].join('');
}
