import { z } from 'zod';
import type { TTranscript, TTranscriptionEngineName } from '@ppp/contracts';
import { MediaItemSchema, type MediaItem } from '../media/media-item.entity.ts';
import type { Owner } from '../users/user.entity.ts';
import { EpisodeSchema } from '../episodes/episode.entity.ts';
import { TranscriptSchema, type Transcript } from './transcript.entity.ts';
import { Repository } from '../../db/repository.ts';

/** What the transcripts area reads and writes: main-content uploads and their words, always scoped to one user where a user asks. */
export class TranscriptsRepository extends Repository {
  /** The user's main-content upload a hint names (its id, stored filename or original name); newest wins. */
  async findUploadByHint(user: Owner, hint: string): Promise<MediaItem | null> {
    const byId = z.uuid().safeParse(hint).success ? [{ id: hint }] : [];
    const [item] = await this.em.find(
      MediaItemSchema,
      { user: user.id, category: 'main_content', $or: [...byId, { filename: hint }, { originalName: hint }] },
      { orderBy: { createdAt: 'desc' }, limit: 1 },
    );
    return item ?? null;
  }

  /** The main-content upload one of the user's episodes was made from; null for another user's episode, a malformed id or none. */
  async findUploadOfEpisode(user: Owner, episodeId: string): Promise<MediaItem | null> {
    if (!z.uuid().safeParse(episodeId).success) return null;
    const episode = await this.em.findOne(EpisodeSchema, { id: episodeId, user: user.id }, { populate: ['sourceMedia'] });
    const item = episode?.sourceMedia ?? null;
    return item && item.category === 'main_content' ? item : null;
  }

  /** One of the user's main-content uploads; null for another user's, a malformed id or a missing one. */
  async findOwnedUpload(user: Owner, mediaId: string): Promise<MediaItem | null> {
    if (!z.uuid().safeParse(mediaId).success) return null;
    return this.em.findOne(MediaItemSchema, { id: mediaId, user: user.id, category: 'main_content' });
  }

  /** The words of an upload (the caller has checked whose it is). */
  async wordsOf(mediaId: string): Promise<Transcript | null> {
    return this.em.findOne(TranscriptSchema, { media: mediaId });
  }

  /** The words of one of the user's uploads; null for another user's, a malformed id or none yet. */
  async findOwnedTranscript(user: Owner, mediaId: string): Promise<Transcript | null> {
    if (!z.uuid().safeParse(mediaId).success) return null;
    return this.em.findOne(TranscriptSchema, { media: { id: mediaId, user: user.id } });
  }

  /** An upload by id with its owner, for the transcription job. */
  async findForJob(mediaId: string): Promise<MediaItem | null> {
    return this.em.findOne(MediaItemSchema, { id: mediaId }, { populate: ['user'] });
  }

  /** The user's transcribed main-content uploads that no episode was assembled from yet. */
  async unassembledReadyUploads(userId: string): Promise<MediaItem[]> {
    const rows = await this.em.getConnection().execute<{ id: string }[]>(
      `select m.id from media_items m
          where m.user_id = ? and m.category = 'main_content' and m.status = 'ready' and m.transcript_ready
            and not exists (select 1 from episodes e where e.source_media_id = m.id)`,
      [userId],
    );
    if (rows.length === 0) return [];
    return this.em.find(MediaItemSchema, { id: { $in: rows.map((row) => row.id) }, user: userId });
  }

  /** Whether a transcript was supplied for this upload (read from the row, not the identity map). */
  async hasSuppliedTranscript(mediaId: string): Promise<boolean> {
    const rows = await this.em
      .getConnection()
      .execute<{ key: string | null }[]>('select supplied_transcript_key as key from media_items where id = ?', [mediaId]);
    return Boolean(rows[0]?.key);
  }

  /** Progress straight to the row while it is processing (the web polls it). */
  async writeProgress(mediaId: string, percent: number): Promise<void> {
    await this.em
      .getConnection()
      .execute('update media_items set transcription_progress = ? where id = ? and status = ?', [percent, mediaId, 'processing']);
  }

  /** Stores an upload's words and the engine and model that heard them, overwriting a previous run's. */
  async saveWords(
    mediaId: string,
    transcript: TTranscript,
    engine: TTranscriptionEngineName | string,
    model: string | null = null,
  ): Promise<void> {
    await this.em.upsert(TranscriptSchema, {
      media: mediaId,
      engine,
      model,
      language: transcript.language,
      durationSeconds: transcript.duration_s,
      words: transcript.words,
      text: transcript.words.map((word) => word.text).join(' '),
      corrections: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
  }

  /** Claims the ready mail in one statement, so two runs at once send one; false when it was sent already. */
  async claimReadyMail(mediaId: string): Promise<boolean> {
    const claimed = await this.em
      .getConnection()
      .execute<{ id: string }[]>('update media_items set notified_at = now() where id = ? and notified_at is null returning id', [mediaId]);
    return claimed.length > 0;
  }
}
