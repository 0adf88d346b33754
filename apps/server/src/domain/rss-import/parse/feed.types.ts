import type { TEpisodePodcasting20, TShowPodcasting20 } from '@ppp/contracts';

/**
 * What parseFeed hands the import step: plain data, no XML left in it. Every field a feed may
 * leave out is null rather than guessed; HTML fields are already sanitised.
 */

export interface TParsedCategory {
  name: string;
  subcategories: string[];
}

export interface TParsedShow {
  title: string | null;
  /** Sanitised HTML. */
  description: string | null;
  link: string | null;
  /** As written (e.g. 'en-US'); mapping onto the offered languages is the importer's. */
  language: string | null;
  author: string | null;
  ownerName: string | null;
  ownerEmail: string | null;
  copyright: string | null;
  categories: TParsedCategory[];
  explicit: boolean | null;
  type: 'episodic' | 'serial';
  artworkUrl: string | null;
  /** podcast:guid, kept so a later move of the show keeps its subscribers. */
  podcastGuid: string | null;
  /** podcast:locked: the owner asked other platforms not to import the feed. */
  locked: boolean | null;
  lockedOwner: string | null;
  /** itunes:new-feed-url, when the feed announces it has moved. */
  newFeedUrl: string | null;
  /** podcast:medium, person, funding, location, license, txt, trailer. */
  podcasting20: TShowPodcasting20;
}

export interface TParsedEnclosure {
  url: string;
  /** Bytes as declared; feeds often put 0 or nonsense here, so null when not a positive integer. */
  length: number | null;
  type: string | null;
}

export interface TParsedTranscript {
  url: string;
  type: string;
  language: string | null;
  rel: string | null;
}

export interface TParsedChapters {
  url: string;
  type: string;
}

export type TEpisodeType = 'full' | 'trailer' | 'bonus';

export interface TParsedItem {
  /** The item's guid exactly as the feed has it; null when the feed gives none. */
  guid: string | null;
  /** Identity for de-duplicating on re-import: guid, else enclosure URL, else link, else title, date and a digest of the notes. */
  key: string;
  title: string | null;
  /** Sanitised HTML: content:encoded, else description, else itunes:summary. */
  description: string | null;
  link: string | null;
  pubDate: Date | null;
  enclosure: TParsedEnclosure | null;
  durationMs: number | null;
  season: number | null;
  episode: number | null;
  episodeType: TEpisodeType;
  explicit: boolean | null;
  imageUrl: string | null;
  transcripts: TParsedTranscript[];
  chapters: TParsedChapters | null;
  /** podcast:person, soundbite, location, license, season name, txt, alternateEnclosure. */
  podcasting20: TEpisodePodcasting20;
}

export interface TParsedFeed {
  show: TParsedShow;
  /** In feed order. */
  items: TParsedItem[];
}
