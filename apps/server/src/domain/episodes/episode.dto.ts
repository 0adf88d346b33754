import { episodePodcasting20Of, ZVisibility, retryAvailable, type TEpisode } from '@ppp/contracts';
import { showCoverUrl } from '../podcasts/podcast.dto.ts';
import { episodeUrls, publicState } from '../publishing/feed.service.ts';
import { isListedInFeed } from '../publishing/feed/index.ts';
import type { Episode } from './episode.entity.ts';
import type { EpisodeLinkSigner } from './episode-links.ts';
import type { EpisodeView } from './episode-view.ts';
import { transcriptCopies } from './transcript-copies.ts';

/** The stored audio an episode plays from: its finished file, else the local copy of an imported one. */
export function localAudioKey(episode: Pick<Episode, 'finalAudioKey' | 'mirrorKey' | 'mirrorStatus'>): string | null {
  if (episode.finalAudioKey) return episode.finalAudioKey;
  return episode.mirrorKey && (episode.mirrorStatus === 'done' || episode.mirrorStatus === 'kept') ? episode.mirrorKey : null;
}

/** Being assembled, or re-rendered after a cut (a re-render leaves status alone and sets assemblyStatus). */
export function isRendering(episode: Pick<Episode, 'status' | 'assemblyStatus'>): boolean {
  return (
    episode.status === 'processing' ||
    episode.status === 'pending' ||
    episode.assemblyStatus === 'queued' ||
    episode.assemblyStatus === 'processing'
  );
}

/** Whether a manual cut can be made: assembled here (a stored EDL) with its finished audio, and not rendering. */
export function isEditable(episode: Pick<Episode, 'edl' | 'finalAudioKey' | 'status' | 'assemblyStatus'>): boolean {
  return canEdit(Boolean(episode.edl), episode);
}

function canEdit(hasEdl: boolean, episode: Pick<Episode, 'finalAudioKey' | 'status' | 'assemblyStatus'>): boolean {
  return hasEdl && Boolean(episode.finalAudioKey) && !isRendering(episode);
}

/**
 * The stored tags as a list. New rows hold an array (the entity's onCreate); rows written before it
 * held the JSON string "[]" (fixed by Migration20261123181000_episode_tags_array) and still read as a list.
 */
export function tagsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((tag): tag is string => typeof tag === 'string');
  if (typeof value === 'string') {
    try {
      return tagsOf(JSON.parse(value));
    } catch {
      return [];
    }
  }
  return [];
}

function coverUrl(episode: EpisodeView, sign: EpisodeLinkSigner, baseUrl: string): string | null {
  // An imported episode's artwork is its cover once copied here; the old host's URL is never shown.
  if (episode.coverStorageKey) return sign('cover', episode.id);
  return showCoverUrl(baseUrl, episode.podcast);
}

/** The feed's URLs of an episode listed there now (public, published, its time come); null otherwise. */
function listedUrls(episode: EpisodeView, baseUrl: string, now: Date): ReturnType<typeof episodeUrls> | null {
  if (!episode.finalAudioKey || !isListedInFeed(publicState(episode), now)) return null;
  return episodeUrls(baseUrl, episode.podcast.id, episode);
}

/**
 * The episode's transcript (spec 001 §3 transcript_url): its words on the episode's own timeline by a
 * signed URL; an imported episode's copied transcript once the feed lists it; else null.
 */
function transcriptUrl(episode: EpisodeView, sign: EpisodeLinkSigner, listed: ReturnType<typeof episodeUrls> | null): string | null {
  if (episode.transcriptReady && episode.upload) return sign('transcript', episode.id);
  const [copy] = transcriptCopies(episode);
  return listed && copy ? listed.transcriptCopy(copy) : null;
}

/** One episode as Episode History shows it (spec 001 §3), with signed URLs for its audio and cover. */
export function toEpisodeDto(episode: EpisodeView, sign: EpisodeLinkSigner, baseUrl: string, now = new Date()): TEpisode {
  const podcast = episode.podcast;
  const base = {
    status: episode.status,
    duration_ms: episode.durationMs ?? null,
    processed_at: episode.processedAt ?? null,
    created_at: episode.createdAt,
  };
  return {
    id: episode.id,
    podcast_id: podcast.id,
    podcast_name: podcast.name,
    template_id: episode.templateId ?? null,
    title: episode.title,
    description: episode.description,
    tags: tagsOf(episode.tags),
    is_explicit: episode.explicit,
    image_crop: episode.coverCrop ?? null,
    ...coverFields(episode, sign, baseUrl),
    season_number: episode.season ?? null,
    episode_number: episode.episodeNumber ?? null,
    visibility: ZVisibility.catch('public').parse(episode.visibility),
    publish_at: episode.publishAt ?? null,
    publish_at_local: episode.publishAtLocal ?? null,
    published_at: episode.publishedAt ?? null,
    plays_total: episode.playsTotal,
    ...audioFields(episode, sign, baseUrl, now),
    ...publishStateFields(episode),
    error_message: episode.errorMessage ?? null,
    cleanup_stats: episode.cleanupStats ?? null,
    podcasting20: episodePodcasting20Of(episode.podcasting20),
    ...workingAudioFields(episode),
    editable: canEdit(episode.hasEdl, episode),
    retry_available: retryAvailable(base, now),
    ...base,
  };
}

/** The episode's cover: a signed URL and its API path. */
function coverFields(
  episode: EpisodeView,
  sign: EpisodeLinkSigner,
  baseUrl: string,
): Pick<TEpisode, 'cover_url' | 'cover_path' | 'cover_image_path'> {
  const coverPath = episode.coverStorageKey ? `/api/episodes/${episode.id}/cover` : null;
  return { cover_url: coverUrl(episode, sign, baseUrl), cover_path: coverPath, cover_image_path: coverPath };
}

type AudioField =
  | 'playback_url'
  | 'final_audio_url'
  | 'final_audio_path'
  | 'final_audio_exists'
  | 'stream_url'
  | 'public_url'
  | 'playback_type'
  | 'has_transcript'
  | 'transcript_url';

/** Where the episode is heard: our stored audio by a signed URL, else the source it streams from, and its transcript. */
function audioFields(episode: EpisodeView, sign: EpisodeLinkSigner, baseUrl: string, now: Date): Pick<TEpisode, AudioField> {
  const local = localAudioKey(episode);
  const audioUrl = local ? sign('audio', episode.id) : null;
  const playback = audioUrl ?? episode.sourceAudioUrl ?? null;
  const listed = listedUrls(episode, baseUrl, now);
  return {
    playback_url: playback,
    final_audio_url: episode.finalAudioKey ? audioUrl : null,
    final_audio_path: episode.finalAudioKey ? `/api/episodes/${episode.id}/audio` : null,
    final_audio_exists: Boolean(episode.finalAudioKey),
    stream_url: audioUrl ? null : (episode.sourceAudioUrl ?? null),
    public_url: listed?.audio ?? null,
    playback_type: audioUrl ? 'local' : playback ? 'stream' : null,
    has_transcript: episode.transcriptReady || transcriptCopies(episode).length > 0,
    transcript_url: transcriptUrl(episode, sign, listed),
  };
}

/** Where the episode stands with its host. */
function publishStateFields(
  episode: EpisodeView,
): Pick<TEpisode, 'needs_republish' | 'publish_state' | 'publish_error' | 'spreaker_episode_id'> {
  return {
    needs_republish: episode.publishState === 'needs_republish',
    publish_state: episode.publishState ?? null,
    publish_error: episode.publishError ?? null,
    spreaker_episode_id: episode.hostKind === 'spreaker' ? (episode.hostEpisodeId ?? null) : null,
  };
}

/** The uploaded recording the episode was made from, under its legacy names too. */
function workingAudioFields(episode: EpisodeView): Pick<TEpisode, 'working_audio_name' | 'meta_json'> {
  const workingAudio = episode.upload?.filename ?? null;
  return {
    working_audio_name: workingAudio,
    meta_json: {
      working_audio_name: workingAudio,
      main_content_filename: workingAudio,
      uploaded_filename: episode.upload?.originalName ?? null,
    },
  };
}
