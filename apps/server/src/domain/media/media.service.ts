import { z } from 'zod';
import {
  MEDIA,
  MEDIA_MESSAGES,
  ZMediaCategory,
  coverImagePath,
  type TCoverImage,
  type TMediaItem,
  type TPreviewResponse,
  type TTranscriptionQueue,
  type TSfxKeyword,
  type ZMediaUpdateRequest,
} from '@ppp/contracts';
import { AppError, orNotFound } from '../errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { StoragePort } from '../storage/storage.ts';
import type { UrlSigner } from '../storage/url-signer.ts';
import { mediaPrefix } from '../storage/storage.ts';
import type { User } from '../users/user.entity.ts';
import type { MediaItem } from './media-item.entity.ts';
import type { MediaRepository } from './media.repository.ts';
import type { TranscriptionQueueRepository } from './transcription-queue.repository.ts';
import { toMediaDto } from './media.dto.ts';

export interface MediaServiceDeps {
  repository: MediaRepository;
  storage: StoragePort;
  signer: UrlSigner;
  jobs: JobQueue;
  /** The transcription queue (issue 38), for the standing of uploads waiting in it, and how many transcriptions a worker runs at once. */
  queue?: { rows: Pick<TranscriptionQueueRepository, 'standings' | 'realtimeFactor'>; concurrency: number };
}

/** The path a signed preview opens; the HTTP layer serves it with range requests. */
export const MEDIA_FILE_PATH = '/api/media/file';

/** A user's media library and main-content uploads: list, rename, delete, preview, retry. Never another user's. */
export class MediaService {
  private readonly deps: MediaServiceDeps;
  private readonly keywordListeners: ((userId: string) => Promise<unknown>)[] = [];
  constructor(deps: MediaServiceDeps) {
    this.deps = deps;
  }

  /** Told when a user's sound-effect keywords change (issue 18: the uploads not yet assembled are re-scanned). */
  onSfxKeywordsChanged(listener: (userId: string) => Promise<unknown>): void {
    this.keywordListeners.push(listener);
  }

  private async keywordsChanged(userId: string): Promise<void> {
    for (const listener of this.keywordListeners) await listener(userId);
  }

  /**
   * One of the user's items; another user's id, a malformed id and a missing one are all 404, and
   * so are the worker's internal files (rendered AI voices), which are not part of the library.
   */
  async getOwned(user: Pick<User, 'id'>, id: string): Promise<MediaItem> {
    const item = await this.deps.repository.findOwned(user, id);
    if (!item || !ZMediaCategory.safeParse(item.category).success) {
      throw new AppError('NOT_FOUND', MEDIA_MESSAGES.mediaNotFound);
    }
    return item;
  }

  /** GET /api/media/: the library (intro, outro, music, commercial, sfx), newest first. */
  async findLibrary(user: Pick<User, 'id'>): Promise<TMediaItem[]> {
    const rows = await this.deps.repository.library(user);
    return rows.map((row) => toMediaDto(row));
  }

  /** GET /api/media/covers: the user's cover images (cover art and episode covers), newest first, at most MEDIA.coverLibraryLimit. */
  async findCovers(user: Pick<User, 'id'>): Promise<TCoverImage[]> {
    const rows = await this.deps.repository.covers(user);
    return rows.map((row) => ({
      id: row.id,
      filename: row.filename,
      display_name: toMediaDto(row).display_name,
      path: coverImagePath(row.filename),
    }));
  }

  /** GET /api/media/main-content: the pre-uploaded items with status, counts and intents, newest first. */
  async findMainContent(user: Pick<User, 'id'>): Promise<TMediaItem[]> {
    const rows = await this.deps.repository.mainContent(user);
    const queue = await this.queueStandings(rows);
    return rows.map((row) => toMediaDto(row, null, queue.get(row.id) ?? null));
  }

  async getDto(user: Pick<User, 'id'>, id: string): Promise<TMediaItem> {
    const item = await this.getOwned(user, id);
    const queue = await this.queueStandings([item]);
    return toMediaDto(item, await this.deps.repository.transcriptText(item.id), queue.get(item.id) ?? null);
  }

  /**
   * Issue 38: each upload still waiting for its transcription, with its place in the queue and the
   * wait: the audio ahead of it at the measured realtime factor, shared among the worker's slots.
   */
  private async queueStandings(items: readonly MediaItem[]): Promise<Map<string, TTranscriptionQueue>> {
    const queue = this.deps.queue;
    const waiting = items.filter((item) => item.status === 'processing' && item.transcriptionProgress == null).map((item) => item.id);
    if (!queue || waiting.length === 0) return new Map();
    const [standings, factor] = await Promise.all([queue.rows.standings(waiting), queue.rows.realtimeFactor()]);
    const slots = Math.max(1, queue.concurrency);
    return new Map(
      [...standings].map(([id, standing]) => [
        id,
        {
          position: standing.position,
          wait_seconds: factor === null ? null : Math.round((standing.aheadSeconds * factor) / slots),
        },
      ]),
    );
  }

  /** PUT/PATCH: the friendly name (display_name is its alias) and, for sfx, the trigger keyword. */
  async update(user: Pick<User, 'id'>, id: string, body: z.output<typeof ZMediaUpdateRequest>): Promise<TMediaItem> {
    const item = await this.getOwned(user, id);
    const name = body.friendly_name ?? body.display_name;
    if (name !== undefined) item.friendlyName = name;
    if (body.trigger_keyword !== undefined) {
      if (item.category !== 'sfx' && body.trigger_keyword !== null) {
        throw new AppError('VALIDATION', 'Only sound effects have a trigger keyword.');
      }
    }
    const keywordChanged = body.trigger_keyword !== undefined && body.trigger_keyword !== item.triggerKeyword;
    if (body.trigger_keyword !== undefined) item.triggerKeyword = body.trigger_keyword;
    await this.deps.repository.flush();
    if (keywordChanged) await this.keywordsChanged(user.id);
    return toMediaDto(item);
  }

  /** Deletes the row (its transcript follows) and every stored file of the item. */
  async delete(user: Pick<User, 'id'>, id: string): Promise<void> {
    const item = await this.getOwned(user, id);
    const hadKeyword = item.category === 'sfx' && item.triggerKeyword !== null && item.triggerKeyword !== undefined;
    await this.deps.repository.remove(item);
    await this.deps.storage.delete(mediaPrefix(user.id, item.id));
    if (hadKeyword) await this.keywordsChanged(user.id);
  }

  /** A URL an audio element can play without a bearer header: signed, short-lived, this item only. */
  async preview(user: Pick<User, 'id'>, id: string, now = Date.now()): Promise<TPreviewResponse> {
    return this.signedUrl(await this.getOwned(user, id), now);
  }

  /** The signed URL of an item the caller already checked is the user's (internal clips included, such as Intern answers). */
  async signedUrl(item: Pick<MediaItem, 'id'>, now = Date.now()): Promise<TPreviewResponse> {
    const { expires, signature } = await this.deps.signer.sign(`media:${item.id}`, MEDIA.previewUrlTtlSeconds, now);
    const url = `${MEDIA_FILE_PATH}/${item.id}?expires=${expires}&sig=${signature}`;
    return { url, path: url, expires_at: new Date(expires * 1000) };
  }

  /** The stored original behind a signed URL, or 404 when the signature is wrong or expired. */
  async resolveSigned(id: string, expires: number, signature: string): Promise<MediaItem> {
    const valid = z.uuid().safeParse(id).success && (await this.deps.signer.verify({ subject: `media:${id}`, expires }, signature));
    const item = valid ? await this.deps.repository.findById(id) : null;
    if (!item) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.mediaNotFound);
    return item;
  }

  /** A cover image by its stored name (GET /static/media/{file}); covers are public, other media are not. */
  async coverByFilename(filename: string): Promise<MediaItem> {
    return orNotFound(await this.deps.repository.coverByFilename(filename), MEDIA_MESSAGES.mediaNotFound);
  }

  /** Queues transcription again (after an error, or once an engine is configured). */
  async retryTranscription(user: Pick<User, 'id'>, id: string): Promise<TMediaItem> {
    const item = await this.getOwned(user, id);
    if (item.category !== 'main_content') throw new AppError('BAD_REQUEST', 'Only main content is transcribed.');
    item.status = 'processing';
    item.transcriptReady = false;
    item.transcriptionError = null;
    item.transcriptionProgress = null;
    await this.deps.repository.flush();
    await this.deps.jobs.send('audio.transcribe', { media_id: item.id }, { singletonKey: item.id });
    return toMediaDto(item);
  }

  /** The user's sound-effect trigger keywords, for detection. */
  async sfxKeywords(userId: string): Promise<TSfxKeyword[]> {
    const rows = await this.deps.repository.sfxWithKeywords(userId);
    return rows.flatMap((row) => (row.triggerKeyword ? [{ media_id: row.id, keyword: row.triggerKeyword }] : []));
  }
}
