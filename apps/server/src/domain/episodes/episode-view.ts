import type { Podcast } from '../podcasts/podcast.entity.ts';
import type { MediaItem } from '../media/media-item.entity.ts';
import type { Episode } from './episode.entity.ts';

/**
 * What an episode's DTO is made from: the columns Episode History shows, the show's name and cover,
 * whether the upload has a transcript and whether an EDL is stored (never the EDL itself). A loaded
 * entity gives one through viewOfEpisode; the episode list reads one straight from its rows.
 */
export interface EpisodeView extends Pick<
  Episode,
  | 'id'
  | 'templateId'
  | 'title'
  | 'description'
  | 'tags'
  | 'explicit'
  | 'coverCrop'
  | 'coverStorageKey'
  | 'season'
  | 'episodeNumber'
  | 'publishAt'
  | 'publishAtLocal'
  | 'publishedAt'
  | 'playsTotal'
  | 'sourceAudioUrl'
  | 'finalAudioKey'
  | 'mirrorKey'
  | 'mirrorStatus'
  | 'transcriptLinks'
  | 'publishState'
  | 'publishError'
  | 'hostKind'
  | 'hostEpisodeId'
  | 'errorMessage'
  | 'cleanupStats'
  | 'podcasting20'
  | 'status'
  | 'visibility'
  | 'assemblyStatus'
  | 'durationMs'
  | 'processedAt'
  | 'createdAt'
> {
  podcast: Pick<Podcast, 'id' | 'name' | 'coverStorageKey'>;
  /** The upload the episode was made from (its stored and uploaded names); null when none or deleted. */
  upload: { id: string; filename: string | null; originalName: string | null } | null;
  transcriptReady: boolean;
  hasEdl: boolean;
}

export function viewOfEpisode(e: Episode): EpisodeView {
  const source = (e.sourceMedia ?? null) as MediaItem | null;
  const podcast = e.podcast as Podcast;
  return {
    id: e.id,
    templateId: e.templateId,
    title: e.title,
    description: e.description,
    tags: e.tags,
    explicit: e.explicit,
    coverCrop: e.coverCrop,
    coverStorageKey: e.coverStorageKey,
    season: e.season,
    episodeNumber: e.episodeNumber,
    publishAt: e.publishAt,
    publishAtLocal: e.publishAtLocal,
    publishedAt: e.publishedAt,
    playsTotal: e.playsTotal,
    sourceAudioUrl: e.sourceAudioUrl,
    finalAudioKey: e.finalAudioKey,
    mirrorKey: e.mirrorKey,
    mirrorStatus: e.mirrorStatus,
    transcriptLinks: e.transcriptLinks,
    publishState: e.publishState,
    publishError: e.publishError,
    hostKind: e.hostKind,
    hostEpisodeId: e.hostEpisodeId,
    errorMessage: e.errorMessage,
    cleanupStats: e.cleanupStats,
    podcasting20: e.podcasting20,
    status: e.status,
    visibility: e.visibility,
    assemblyStatus: e.assemblyStatus,
    durationMs: e.durationMs,
    processedAt: e.processedAt,
    createdAt: e.createdAt,
    podcast: { id: podcast.id, name: podcast.name, coverStorageKey: podcast.coverStorageKey },
    upload: source ? { id: source.id, filename: source.filename ?? null, originalName: source.originalName ?? null } : null,
    transcriptReady: Boolean(source?.transcriptReady),
    hasEdl: Boolean(e.edl),
  };
}
