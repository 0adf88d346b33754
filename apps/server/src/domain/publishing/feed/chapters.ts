import { ZChapter, type TChapterInput } from '@ppp/contracts';

/** Podcast Namespace JSON chapters, served as application/json+chapters. */
export interface ChaptersDocument {
  version: '1.2.0';
  title?: string;
  podcastName?: string;
  author?: string;
  chapters: {
    startTime: number;
    endTime?: number;
    title: string;
    img?: string;
    url?: string;
    toc?: false;
  }[];
}

export interface ChaptersMeta {
  title?: string;
  podcastName?: string;
  author?: string;
}

/**
 * Builds the chapters file from an episode's segments. Chapters are sorted by start time (the format
 * assumes ascending order) and optional fields are left out rather than written as null, since
 * players treat an explicit null differently from an absent key.
 */
export function chaptersJson(chapters: readonly TChapterInput[], meta: ChaptersMeta = {}): ChaptersDocument {
  const parsed = chapters.map((c) => ZChapter.parse(c)).sort((a, b) => a.start_s - b.start_s);
  return {
    version: '1.2.0',
    ...(meta.title ? { title: meta.title } : {}),
    ...(meta.podcastName ? { podcastName: meta.podcastName } : {}),
    ...(meta.author ? { author: meta.author } : {}),
    chapters: parsed.map((c) => ({
      startTime: round3(c.start_s),
      ...(c.end_s !== null ? { endTime: round3(c.end_s) } : {}),
      title: c.title,
      ...(c.img ? { img: c.img } : {}),
      ...(c.url ? { url: c.url } : {}),
      ...(c.toc ? {} : { toc: false as const }),
    })),
  };
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
