import { transcriptLinkType, type TTranscriptLinkType } from '@ppp/contracts';
import type { Episode } from './episode.entity.ts';

export interface TTranscriptCopy {
  /** Its place among the feed item's podcast:transcript links (names the stored and served file). */
  index: number;
  storageKey: string;
  type: TTranscriptLinkType;
  language: string | null;
  rel: string | null;
}

/**
 * An imported episode's transcripts that were copied here. Only these count: they are what the
 * product's feed lists (served from this host) and what has_transcript reports; a link the mirror
 * refused or could not fetch is not known to work.
 */
export function transcriptCopies(episode: Pick<Episode, 'transcriptLinks'>): TTranscriptCopy[] {
  return (episode.transcriptLinks ?? []).flatMap((link, index) => {
    const type = transcriptLinkType(link.type);
    return link.storageKey && type ? [{ index, storageKey: link.storageKey, type, language: link.language, rel: link.rel }] : [];
  });
}
