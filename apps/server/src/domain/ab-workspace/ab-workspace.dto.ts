import { AB_WORKSPACE, ZAbIntroOutroStatus, ZAbSectionType, ZAbSourceType, type TAbDraft, type TAbSavedSection } from '@ppp/contracts';
import type { MediaItem } from '../media/media-item.entity.ts';
import type { AbDraft } from './ab-draft.entity.ts';
import type { AbSavedSection } from './ab-saved-section.entity.ts';

const DAY_MS = 86_400_000;

const idOf = (ref: { id: string } | string | null | undefined): string | null =>
  ref == null ? null : typeof ref === 'string' ? ref : ref.id;

/** processing until the transcript is ready; error when transcription failed. */
export function transcriptState(upload: Pick<MediaItem, 'transcriptReady' | 'status'>): TAbDraft['transcript'] {
  if (upload.transcriptReady) return 'ready';
  return upload.status === 'error' ? 'error' : 'processing';
}

export function toDraftDto(draft: AbDraft): TAbDraft {
  const upload = draft.upload as MediaItem;
  return {
    id: draft.id,
    podcast_id: idOf(draft.podcast),
    media_id: upload.id,
    filename: upload.filename,
    display_name: upload.friendlyName || upload.originalName,
    nickname: draft.nickname ?? null,
    size_bytes: upload.sizeBytes ?? null,
    duration_sec: upload.durationSeconds ?? null,
    transcript: transcriptState(upload),
    title: draft.title,
    description: draft.description,
    tags: draft.tags,
    template: draft.templateId ?? null,
    template_name: draft.templateName ?? null,
    segment_overrides: draft.segmentOverrides,
    introoutro: draft.introoutroStatus !== 'none',
    introoutro_status: ZAbIntroOutroStatus.catch('none').parse(draft.introoutroStatus),
    episode_id: draft.episodeId ?? null,
    spreaker_show_id: draft.spreakerShowId ?? null,
    schedule_at: draft.scheduleAt?.toISOString() ?? null,
    last_publish_response: draft.lastPublishResponse ?? null,
    created_at: draft.createdAt.toISOString(),
    expires_at: new Date(draft.createdAt.getTime() + AB_WORKSPACE.ttlDays * DAY_MS).toISOString(),
  };
}

export function toSectionDto(section: AbSavedSection): TAbSavedSection {
  return {
    id: section.id,
    podcast_id: idOf(section.podcast),
    episode_id: section.episodeId ?? null,
    tag: section.tag,
    section_type: ZAbSectionType.catch('intro').parse(section.sectionType),
    source_type: ZAbSourceType.catch('tts').parse(section.sourceType),
    content: section.content,
    voice_id: section.voiceId ?? null,
    voice_name: section.voiceName ?? null,
    created_at: section.createdAt.toISOString(),
  };
}
