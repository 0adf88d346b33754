import type { RequiredEntityData } from '@mikro-orm/core';
import { z } from 'zod';
import { COVER_CATEGORIES, LIBRARY_CATEGORIES } from '@ppp/contracts';
import type { Owner } from '../users/user.entity.ts';
import { MediaItemSchema, type MediaItem } from '../media/media-item.entity.ts';
import { TranscriptSchema, type Transcript } from '../transcripts/transcript.entity.ts';
import { InternAnswerSchema } from './intern-answer.entity.ts';
import type { ClipRef } from './assembly-sources.ts';
import { Repository } from '../../db/repository.ts';

/** The files an episode is made from (its upload and words, library clips, covers, kept AI-voice renders), scoped to one user. */
export class EpisodeMediaRepository extends Repository {
  /** A cover the user uploaded before (an episode cover, or cover art), by its stored filename. */
  async findCover(user: Owner, filename: string): Promise<MediaItem | null> {
    return this.em.findOne(MediaItemSchema, { user: user.id, category: { $in: [...COVER_CATEGORIES] }, filename });
  }

  /** One of the user's media-library files (intro, outro, music, commercial, sfx) by id; null for another user's. */
  async findLibraryFile(user: Owner, mediaId: string): Promise<MediaItem | null> {
    if (!z.uuid().safeParse(mediaId).success) return null;
    return this.em.findOne(MediaItemSchema, { id: mediaId, user: user.id, category: { $in: [...LIBRARY_CATEGORIES] } });
  }

  /**
   * A clip a template or a choice names, among the user's files only: by media id when it is one of
   * them, else the newest with that stored or original filename (never an upload).
   */
  async findClip(userId: string, ref: ClipRef): Promise<MediaItem | null> {
    if (ref.media_id && z.uuid().safeParse(ref.media_id).success) {
      const byId = await this.em.findOne(MediaItemSchema, { id: ref.media_id, user: userId });
      if (byId) return byId;
    }
    const name = ref.filename?.trim();
    if (!name) return null;
    const [byName] = await this.em.find(
      MediaItemSchema,
      { user: userId, category: { $ne: 'main_content' }, $or: [{ filename: name }, { originalName: name }] },
      { orderBy: { createdAt: 'desc' }, limit: 1 },
    );
    return byName ?? null;
  }

  /** Any media item by id, for a signed snippet URL (the signature is the access check); null when there is none. */
  async findMediaById(id: string): Promise<MediaItem | null> {
    return this.em.findOne(MediaItemSchema, { id });
  }

  /** A media item of the user by id (an episode's upload); null for another user's. */
  async findMedia(userId: string, id: string): Promise<MediaItem | null> {
    return this.em.findOne(MediaItemSchema, { id, user: userId });
  }

  /** The stored words of an upload. */
  async transcriptOf(mediaId: string): Promise<Transcript | null> {
    return this.em.findOne(TranscriptSchema, { media: mediaId });
  }

  /** The words of the user's voiced Intern answers, by the clip's media id (the creator's own text when given). */
  async internAnswerTexts(userId: string, mediaIds: readonly string[]): Promise<Map<string, string>> {
    const ids = mediaIds.filter((id) => z.uuid().safeParse(id).success);
    if (ids.length === 0) return new Map();
    const rows = await this.em.find(InternAnswerSchema, { user: userId, answerMedia: { $in: ids } });
    return new Map(rows.flatMap((row) => (row.answerMedia ? [[row.answerMedia.id, row.overrideText ?? row.responseText] as const] : [])));
  }

  /** One of the user's generated files by category and stored name (an AI-voice render kept for reuse). */
  async findGenerated(userId: string, category: string, filename: string): Promise<MediaItem | null> {
    return this.em.findOne(MediaItemSchema, { user: userId, category, filename });
  }

  /** A new media item, written at the next flush. */
  createMedia(data: RequiredEntityData<MediaItem>): MediaItem {
    return this.em.create(MediaItemSchema, data);
  }
}
