import { MediaItemSchema, type MediaItem } from '../media/media-item.entity.ts';
import { TtsClipSchema, type TtsClip } from './tts-clip.entity.ts';
import { Repository } from '../../db/repository.ts';

/** A synthesised clip's media item, as the TTS service fills it in (the owner is given apart). */
export type TNewClipMedia = Pick<
  MediaItem,
  | 'id'
  | 'category'
  | 'friendlyName'
  | 'originalName'
  | 'filename'
  | 'storageKey'
  | 'contentType'
  | 'sizeBytes'
  | 'durationSeconds'
  | 'status'
>;

/** What a clip's tts_clips row records: what was said, by which voice, and the seconds that count. */
export type TNewClipRecord = Pick<
  TtsClip,
  | 'category'
  | 'normalizedText'
  | 'characters'
  | 'voiceId'
  | 'provider'
  | 'speakingRate'
  | 'durationSeconds'
  | 'billableSeconds'
  | 'freeOverride'
  | 'createdAt'
>;

/** AI-voice clips (tts_clips) and the media items they made, always scoped to one user. */
export class TtsClipsRepository extends Repository {
  /** The user's clips of this category made since `since`. */
  recentOf(userId: string, category: string, since: Date): Promise<TtsClip[]> {
    return this.em.find(TtsClipSchema, { user: userId, category, createdAt: { $gte: since } });
  }

  /** Writes the clip's media item and its tts_clips row together; answers the media item. */
  async add(userId: string, media: TNewClipMedia, clip: TNewClipRecord): Promise<MediaItem> {
    const item = this.em.create(MediaItemSchema, { ...media, user: userId });
    this.em.create(TtsClipSchema, { ...clip, user: userId, media: item });
    await this.em.flush();
    return item;
  }
}
