import type { RequiredEntityData } from '@mikro-orm/core';
import { z } from 'zod';
import { COVER_CATEGORIES, LISTED_MEDIA_CATEGORIES, MEDIA } from '@ppp/contracts';
import type { Owner } from '../users/user.entity.ts';
import { TranscriptSchema } from '../transcripts/transcript.entity.ts';
import { MediaItemSchema, type MediaItem } from './media-item.entity.ts';
import { Repository } from '../../db/repository.ts';

/** What the media library reads and writes in media_items, scoped to one user where a user asks. */
export class MediaRepository extends Repository {
  /** One of the user's items (any category); null for another user's, a malformed id or a missing one. */
  async findOwned(user: Owner, id: string): Promise<MediaItem | null> {
    if (!z.uuid().safeParse(id).success) return null;
    return this.em.findOne(MediaItemSchema, { id, user: user.id });
  }

  /** Any item by id (a signed URL's access check is its signature). */
  async findById(id: string): Promise<MediaItem | null> {
    if (!z.uuid().safeParse(id).success) return null;
    return this.em.findOne(MediaItemSchema, { id });
  }

  /** The library (intro, outro, music, commercial, sfx) and the episode covers, newest first. */
  async library(user: Owner): Promise<MediaItem[]> {
    return this.em.find(
      MediaItemSchema,
      { user: user.id, category: { $in: [...LISTED_MEDIA_CATEGORIES] } },
      { orderBy: { createdAt: 'desc' } },
    );
  }

  /** The user's cover images, newest first, at most MEDIA.coverLibraryLimit. */
  async covers(user: Owner): Promise<MediaItem[]> {
    return this.em.find(
      MediaItemSchema,
      { user: user.id, category: { $in: [...COVER_CATEGORIES] } },
      { orderBy: { createdAt: 'desc', id: 'asc' }, limit: MEDIA.coverLibraryLimit },
    );
  }

  /** The pre-uploaded main content, newest first. */
  async mainContent(user: Owner): Promise<MediaItem[]> {
    return this.em.find(MediaItemSchema, { user: user.id, category: 'main_content' }, { orderBy: { createdAt: 'desc' } });
  }

  /** The transcript's text of an item (the caller checked whose it is); null when it has none. */
  async transcriptText(mediaId: string): Promise<string | null> {
    const transcript = await this.em.findOne(TranscriptSchema, { media: mediaId });
    return transcript?.text ?? null;
  }

  /** A cover image (cover art or an episode cover) by its stored, unguessable name. */
  async coverByFilename(filename: string): Promise<MediaItem | null> {
    return this.em.findOne(MediaItemSchema, { filename, category: { $in: [...COVER_CATEGORIES] } });
  }

  /** The user's item of a category kept under this original name (a music bed's copy); null when there is none. */
  findByOriginalName(user: Owner, category: string, originalName: string): Promise<MediaItem | null> {
    return this.em.findOne(MediaItemSchema, { user: user.id, category, originalName });
  }

  /** The user's sound effects that have a trigger keyword. */
  async sfxWithKeywords(userId: string): Promise<MediaItem[]> {
    return this.em.find(MediaItemSchema, { user: userId, category: 'sfx', triggerKeyword: { $ne: null } });
  }

  /** A new item, tracked (written by the next flush). */
  create(data: RequiredEntityData<MediaItem>): MediaItem {
    return this.em.create(MediaItemSchema, data);
  }

  async remove(item: MediaItem): Promise<void> {
    await this.em.remove(item).flush();
  }
}
