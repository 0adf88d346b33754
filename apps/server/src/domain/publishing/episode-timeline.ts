import type { TChapterInput, TEdl } from '@ppp/contracts';

/** The episode's chapters: its own list when set, else the segments the EDL planned. */
export function episodeChapters(
  chapters: readonly { title: string; start_s: number }[] | null | undefined,
  edl: TEdl | null,
): TChapterInput[] {
  if (chapters && chapters.length > 0) return chapters.map((c) => ({ title: c.title, start_s: c.start_s }));
  return (edl?.chapters ?? [])
    .filter((c) => c.title.trim() !== '')
    .map((c) => ({ title: c.title, start_s: c.start_ms / 1000, end_s: c.end_ms / 1000 }));
}
