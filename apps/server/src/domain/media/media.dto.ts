import {
  isFallbackEngine,
  ZMediaCategory,
  ZMediaStatus,
  ZTranscriptionEngineName,
  type TDetectionResult,
  type TIntents,
  type TMediaItem,
  type TTranscriptionQueue,
} from '@ppp/contracts';
import type { MediaItem } from './media-item.entity.ts';

/** The three intents the pre-upload list and the wizard's questions show, each with count and matches. */
export function intentsOf(detection: TDetectionResult): TIntents {
  return {
    flubber: {
      count: detection.flubber.count,
      matches: detection.flubber.matches.map((m) => ({ label: 'flubber', phrase: m.text, start_s: m.start_s, end_s: m.end_s })),
    },
    intern: {
      count: detection.intern.count,
      matches: detection.intern.matches.map((m) => ({ label: 'intern', phrase: m.prompt_text, start_s: m.start_s, end_s: m.end_s })),
    },
    sfx: {
      count: detection.sfx.count,
      matches: detection.sfx.matches.map((m) => ({ label: m.keyword, phrase: m.text, start_s: m.start_s, end_s: m.end_s })),
    },
  };
}

/** The normalised media item of the REST and tRPC answers; transcriptText comes from the transcript when loaded. */
export function toMediaDto(item: MediaItem, transcriptText: string | null = null, queue: TTranscriptionQueue | null = null): TMediaItem {
  const detection = item.detection ?? null;
  return {
    id: item.id,
    category: ZMediaCategory.parse(item.category),
    friendly_name: item.friendlyName,
    display_name: item.friendlyName,
    filename: item.filename,
    original_name: item.originalName,
    client_name: item.originalName,
    trigger_keyword: item.triggerKeyword ?? null,
    size: item.sizeBytes,
    filesize: item.sizeBytes,
    content_type: item.contentType,
    duration_seconds: item.durationSeconds ?? null,
    declared_duration_seconds: item.declaredDurationSeconds ?? null,
    status: ZMediaStatus.catch('ready').parse(item.status),
    transcript_ready: item.transcriptReady,
    transcription_progress: item.transcriptionProgress ?? null,
    transcription_queue: queue,
    transcription_error: item.transcriptionError ?? null,
    transcription_engine: ZTranscriptionEngineName.nullable()
      .catch(null)
      .parse(item.transcriptionEngine ?? null),
    transcription_model: item.transcriptionModel ?? null,
    transcription_fallback: isFallbackEngine(item.transcriptionEngine),
    notify_when_ready: item.notifyWhenReady,
    notify_pending: item.notifyWhenReady && !item.notifiedAt,
    intents: detection ? intentsOf(detection) : null,
    cleanup_counts: detection
      ? { fillers: detection.fillers.count, pauses: detection.pauses.count, censored: detection.censored.count }
      : null,
    transcript_text: transcriptText,
    transcript: item.transcriptReady ? `/api/media/${item.id}/transcript` : null,
    subtitle: item.transcriptReady ? `/api/media/${item.id}/subtitle` : null,
    preview_url: null,
    created_at: item.createdAt,
  };
}
