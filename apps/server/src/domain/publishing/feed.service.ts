import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  episodePodcasting20Of,
  httpUrlOrNull,
  showPodcasting20Of,
  ZFeedShow,
  ZPublishableEpisode,
  ZTranscriptLink,
  ZVisibility,
  type TChapterInput,
  type TFeedShow,
  type TPublishableEpisode,
  type TTranscriptLink,
  type TTranscriptWord,
} from '@ppp/contracts';
import { AppError, orNotFound } from '../errors.ts';
import type { Built } from '../../db/versioned-cache.ts';
import { keptFeeds } from './kept-feeds.ts';
import type { Episode } from '../episodes/episode.entity.ts';
import type { Podcast } from '../podcasts/podcast.entity.ts';
import { decodeCategory, guidOf, showCoverUrl } from '../podcasts/podcast.dto.ts';
import type { PodcastsService } from '../podcasts/podcasts.service.ts';
import type { PublishingRepository } from './publishing.repository.ts';
import type { StoragePort } from '../storage/storage.ts';
import {
  buildFeed,
  chaptersJson,
  isListedInFeed,
  showFeedUrl,
  showPageUrl,
  episodeAnchor,
  transcriptToJson,
  transcriptToSrt,
  transcriptToWebVtt,
} from './feed/index.ts';
import { episodeChapters } from './episode-timeline.ts';
import type { PublishedWordsService } from '../episodes/published-words.service.ts';
import { transcriptCopies, type TTranscriptCopy } from '../episodes/transcript-copies.ts';

export const FEED_CONTENT_TYPE = 'application/rss+xml; charset=utf-8';
const NOT_FOUND = 'Episode not found';

const AUDIO_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  flac: 'audio/flac',
};

/** An episode's tags; a row written with the column default may hold the JSON text '[]' instead of an array. */
export function tagsOf(episode: Pick<Episode, 'tags'>): string[] {
  const tags: unknown = episode.tags;
  if (Array.isArray(tags)) return tags.filter((t): t is string => typeof t === 'string');
  if (typeof tags === 'string') {
    try {
      const parsed: unknown = JSON.parse(tags);
      return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
    } catch {
      return [];
    }
  }
  return [];
}

export function extensionOf(key: string): string {
  const match = /\.([a-z0-9]+)$/i.exec(key);
  return match?.[1]?.toLowerCase() ?? 'mp3';
}

export function audioTypeOf(key: string): string {
  return AUDIO_TYPES[extensionOf(key)] ?? 'audio/mpeg';
}

/** The public paths of one built-in host episode; the extension tells podcast apps the format. */
export function episodeUrls(baseUrl: string, podcastId: string, episode: Pick<Episode, 'id' | 'finalAudioKey' | 'coverStorageKey'>) {
  const root = `${baseUrl}/feeds/${podcastId}/episodes/${episode.id}`;
  return {
    audio: `${root}.${extensionOf(episode.finalAudioKey ?? 'x.mp3')}`,
    vtt: `${root}/transcript.vtt`,
    srt: `${root}/transcript.srt`,
    json: `${root}/transcript.json`,
    chapters: `${root}/chapters.json`,
    cover: episode.coverStorageKey ? `${root}/cover.${extensionOf(episode.coverStorageKey)}` : null,
    /** An imported transcript's copy, served from here: transcript-{index}.{ext}. */
    transcriptCopy: (copy: Pick<TTranscriptCopy, 'index' | 'storageKey'>) => `${root}/${transcriptCopyName(copy)}`,
  };
}

export function transcriptCopyName(copy: Pick<TTranscriptCopy, 'index' | 'storageKey'>): string {
  return `transcript-${copy.index}.${extensionOf(copy.storageKey)}`;
}

export interface RenderedFeed {
  xml: string;
  etag: string;
  lastModified: Date;
}

/** Where an episode stands as far as the public is concerned. */
export function publicState(episode: Pick<Episode, 'status' | 'publishAt' | 'visibility'>): {
  publish_at: Date | null;
  visibility: z.infer<typeof ZVisibility>;
} {
  const live = episode.status === 'published' || episode.status === 'scheduled';
  return { publish_at: live ? (episode.publishAt ?? null) : null, visibility: ZVisibility.catch('public').parse(episode.visibility) };
}

export interface FeedServiceDeps {
  repository: PublishingRepository;
  storage: StoragePort;
  podcasts: PodcastsService;
  baseUrl: string;
  /** The show's published website, which the feed's <link> points to. */
  siteLinkOf?: (podcastId: string) => Promise<string | null>;
  /** The words each episode plays (published-words.service.ts). */
  publishedWords: Pick<PublishedWordsService, 'of'>;
  /** WebSub hubs the feed names (atom:link rel="hub"), when one is configured. */
  hubUrls?: readonly string[];
}

/**
 * The built-in host's public side: the show's feed, its episodes' enclosures, transcripts, chapters
 * and artwork. Scheduled episodes are listed from their time on, not before.
 */
export class FeedService {
  private readonly deps: FeedServiceDeps;
  constructor(deps: FeedServiceDeps) {
    this.deps = deps;
  }

  feedShow(podcast: Podcast): TFeedShow {
    return ZFeedShow.parse({
      id: podcast.id,
      name: podcast.name,
      description: podcast.description,
      podcast_type: podcast.podcastType,
      language: podcast.language,
      copyright_line: podcast.copyrightLine ?? null,
      owner_name: podcast.ownerName ?? null,
      owner_email: podcast.ownerEmail ?? null,
      author_name: podcast.authorName ?? null,
      contact_email: podcast.contactEmail ?? null,
      category: decodeCategory(podcast.category),
      category_2: decodeCategory(podcast.category2),
      category_3: decodeCategory(podcast.category3),
      explicit: podcast.explicit,
      website_url: httpUrlOrNull(podcast.websiteUrl),
      locked: podcast.locked,
      cover_url: showCoverUrl(this.deps.baseUrl, podcast),
      podcast_guid: guidOf(this.deps.baseUrl, podcast),
      podcasting20: showPodcasting20Of(podcast.podcasting20),
    });
  }

  /**
   * The feed item of an episode whose audio this host serves; null when it has none. `hasTranscript`
   * is known beforehand when a whole feed is built (one query for all its episodes).
   */
  async feedEpisode(
    podcast: Pick<Podcast, 'id'>,
    episode: Episode,
    known?: { hasTranscript: boolean },
  ): Promise<TPublishableEpisode | null> {
    if (!episode.finalAudioKey) return null;
    const urls = episodeUrls(this.deps.baseUrl, podcast.id, episode);
    const length = episode.finalAudioBytes ?? (await this.deps.storage.stat(episode.finalAudioKey))?.size ?? 0;
    const hasTranscript = known?.hasTranscript ?? (await this.transcriptWords(episode)) !== null;
    // An imported episode's transcripts are listed only as the copies served from here.
    const copied = transcriptCopies(episode).flatMap((copy) => {
      const link = {
        url: urls.transcriptCopy(copy),
        type: copy.type,
        ...(copy.language ? { language: copy.language } : {}),
        ...(copy.rel === 'captions' ? { rel: copy.rel } : {}),
      };
      const parsed = ZTranscriptLink.safeParse(link);
      return parsed.success ? [parsed.data] : [];
    });
    const transcripts: TTranscriptLink[] = hasTranscript
      ? [
          { url: urls.vtt, type: 'text/vtt', rel: 'captions' },
          { url: urls.srt, type: 'application/x-subrip', rel: 'captions' },
          { url: urls.json, type: 'application/json' },
        ]
      : copied;
    const chapters = this.chapters(episode);
    return ZPublishableEpisode.parse({
      id: episode.id,
      title: episode.title,
      description_html: episode.description,
      guid: episode.guid,
      ...publicState(episode),
      duration_s: episode.durationMs ? episode.durationMs / 1000 : null,
      enclosure: { url: urls.audio, length, type: audioTypeOf(episode.finalAudioKey) },
      season: episode.season ?? null,
      episode: episode.episodeNumber ?? null,
      episode_type: ['full', 'trailer', 'bonus'].includes(episode.episodeType) ? episode.episodeType : 'full',
      explicit: episode.explicit,
      image_url: urls.cover,
      tags: tagsOf(episode),
      transcripts,
      // Imported chapters are served from here once copied; a file the mirror could not read is left out.
      chapters_url: chapters.length > 0 ? urls.chapters : null,
      podcasting20: episodePodcasting20Of(episode.podcasting20),
    });
  }

  /** GET /feeds/{id}.xml; the build date is the last change, so an unchanged feed keeps its ETag. */
  /**
   * The show's feed as served. A feed built once is kept while the version of its rows stands and
   * until its next scheduled episode is due, so podcast apps polling it cost one small query.
   */
  async render(podcastId: string, now = new Date()): Promise<RenderedFeed> {
    const version = await this.deps.repository.feedVersion(podcastId);
    if (version === null) return (await this.build(podcastId, now)).value;
    return keptFeeds().get(`${podcastId}|${this.deps.baseUrl}`, version, now.getTime(), () => this.build(podcastId, now));
  }

  private async build(podcastId: string, now: Date): Promise<Built<RenderedFeed>> {
    const podcast = await this.deps.podcasts.getPublic(podcastId);
    const rows = await this.deps.repository.feedCandidates(podcast.id);
    const transcribed = await this.deps.repository.uploadsWithWords(rows.flatMap((row) => (row.sourceMedia ? [row.sourceMedia.id] : [])));
    const items: TPublishableEpisode[] = [];
    const times = [podcast.updatedAt.getTime()];
    let nextDue = Number.POSITIVE_INFINITY;
    for (const row of rows) {
      const hasTranscript = row.sourceMedia ? transcribed.has(row.sourceMedia.id) : false;
      const item = await this.feedEpisode(podcast, row, { hasTranscript });
      const due = item?.publish_at?.getTime();
      if (due !== undefined && due > now.getTime()) nextDue = Math.min(nextDue, due);
      if (!item || !isListedInFeed(item, now)) continue;
      items.push(item);
      times.push(item.publish_at!.getTime(), row.updatedAt.getTime());
    }
    // Whole seconds (HTTP dates have no more), rounded up so every listed episode stays at or before it.
    const lastModified = new Date(Math.ceil(Math.max(...times) / 1000) * 1000);
    const siteUrl = (await this.deps.siteLinkOf?.(podcast.id)) ?? null;
    const show = this.feedShow(podcast);
    // Each item links to its episode on the show's public page, and has art: its own cover, else the show's (issue 36).
    const page = siteUrl ?? show.website_url ?? showPageUrl(this.deps.baseUrl, podcast.id);
    const shown = items.map((item) => ({
      ...item,
      link: item.link ?? `${page}#${episodeAnchor(item.id)}`,
      image_url: item.image_url ?? show.cover_url,
    }));
    const xml = buildFeed(siteUrl ? { ...show, website_url: siteUrl } : show, shown, {
      now: lastModified,
      baseUrl: this.deps.baseUrl,
      feedUrl: showFeedUrl(this.deps.baseUrl, podcast.id),
      hubUrls: this.deps.hubUrls ?? [],
    });
    const etag = `"${createHash('sha256').update(xml).digest('base64url').slice(0, 27)}"`;
    return { value: { xml, etag, lastModified }, validUntil: nextDue };
  }

  /** An episode the public may fetch: published (or scheduled and due), not private, in this show. */
  async publicEpisode(podcastId: string, episodeId: string, now = new Date()): Promise<Episode> {
    const episode = orNotFound(await this.deps.repository.findInShow(podcastId, episodeId), NOT_FOUND);
    const state = publicState(episode);
    const due = state.publish_at !== null && state.publish_at.getTime() <= now.getTime();
    if (!due || state.visibility === 'unpublished') throw new AppError('NOT_FOUND', NOT_FOUND);
    return episode;
  }

  /** The words the episode plays, on its own timeline (only reviewed words: no cue, no cut take); null when there is no transcript. */
  transcriptWords(episode: Episode): Promise<TTranscriptWord[] | null> {
    return this.deps.publishedWords.of(episode);
  }

  async transcriptFile(episode: Episode, format: 'vtt' | 'srt' | 'json'): Promise<string> {
    const words = await this.transcriptWords(episode);
    if (!words) throw new AppError('NOT_FOUND', 'No transcript for this episode');
    if (format === 'vtt') return transcriptToWebVtt(words);
    return format === 'srt' ? transcriptToSrt(words) : JSON.stringify(transcriptToJson(words));
  }

  /** GET /feeds/{podcast}/episodes/{episode}/transcript-{index}.{ext}: an imported transcript's copy. */
  transcriptCopy(episode: Episode, file: string): { key: string; contentType: string } {
    const copy = transcriptCopies(episode).find((c) => transcriptCopyName(c) === file);
    if (!copy) throw new AppError('NOT_FOUND', 'No transcript for this episode');
    return { key: copy.storageKey, contentType: copy.type };
  }

  chapters(episode: Episode): TChapterInput[] {
    return episodeChapters(episode.chapters, episode.edl ?? null);
  }

  async chaptersFile(podcast: Podcast, episode: Episode): Promise<string> {
    const chapters = this.chapters(episode);
    if (chapters.length === 0) throw new AppError('NOT_FOUND', 'No chapters for this episode');
    return JSON.stringify(chaptersJson(chapters, { title: episode.title, podcastName: podcast.name }));
  }
}
