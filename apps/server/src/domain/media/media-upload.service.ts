import { open, readFile, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  findDecodeDamage,
  lengthMismatch,
  NotAudioError,
  parseSuppliedTranscript,
  probeAudio,
  suppliedFormatFromName,
  type AudioProbe,
} from '@ppp/audio';
import {
  BYTES_PER_MB,
  MEDIA_MESSAGES,
  coverImagePath,
  isCoverCategory,
  type TCoverUploadResponse,
  type TMediaCategory,
  type TMediaItem,
  type ZUploadOptions,
} from '@ppp/contracts';
import { AppError, orNotFound } from '../errors.ts';
import { assertWithinPixelLimits, measureArtwork } from '../podcasts/cover-art.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { mediaKey, type StoragePort } from '../storage/storage.ts';
import type { User } from '../users/user.entity.ts';
import type { MediaRepository } from './media.repository.ts';
import type { UploadQueueService } from './upload-queue.service.ts';
import type { NotifyAddressesService } from '../mail/notify-addresses.service.ts';
import { toMediaDto } from './media.dto.ts';
import {
  assertCategoryOpen,
  assertPrintableNames,
  assertWithinLimit,
  audioContentType,
  defaultFriendlyName,
  extensionOf,
  imageTypeOf,
  limitMbFor,
  notAudio,
  unreadableAudio,
  notImage,
  storedFilename,
  tooLarge,
} from './upload-rules.ts';

/** A received file in a temporary place; the caller removes it when the upload is refused. */
export interface IncomingFile {
  path: string;
  name: string;
  size: number;
}

export interface Inspected {
  file: IncomingFile;
  contentType: string;
  durationSeconds: number | null;
  /** What the header claims, when it is far from the decoded length (a truncated file); else null. */
  declaredDurationSeconds: number | null;
}

export interface MediaUploadDeps {
  repository: MediaRepository;
  storage: StoragePort;
  jobs: JobQueue;
  settings: SettingsService;
  /** The plan's upload queue storage, checked before main content is stored. */
  queue: Pick<UploadQueueService, 'assertRoom'>;
  /** Which addresses the ready mail may go to. */
  notifyAddresses: Pick<NotifyAddressesService, 'resolve'>;
}

/** The same rules for tus and multipart: category open, size limit, content probed, then stored and (main content) queued. */
export class MediaUploadService {
  private readonly deps: MediaUploadDeps;
  constructor(deps: MediaUploadDeps) {
    this.deps = deps;
  }

  /** Checks that need no bytes (tus asks them when the upload is created, before any data arrives). */
  async preflight(category: TMediaCategory, fileName: string, size: number | undefined, friendlyName?: string): Promise<void> {
    assertCategoryOpen(category);
    assertPrintableNames(fileName, friendlyName);
    if (size !== undefined) assertWithinLimit(fileName, size, category, (await this.deps.settings.get()).max_upload_mb);
    if (category === 'main_content' && !friendlyName?.trim()) throw new AppError('VALIDATION', MEDIA_MESSAGES.enterFriendlyName);
  }

  /**
   * The size check of a category's files, run on every chunk while a multipart body streams to disk
   * (one settings read per form): past the limit the file is refused in the spec's words. A closed
   * category is refused before any byte is written.
   */
  async sizeGuard(category: TMediaCategory): Promise<(fileName: string, bytes: number) => void> {
    assertCategoryOpen(category);
    const limit = await this.sizeLimit(category);
    return (fileName, bytes) => {
      if (bytes > limit.bytes) throw limit.refuse(fileName);
    };
  }

  /** The most a category's file may be, in bytes (the admin's max_upload_mb for main content), and its refusal in the spec's words. */
  async sizeLimit(category: TMediaCategory): Promise<{ bytes: number; refuse: (fileName: string) => AppError }> {
    const limitMb = limitMbFor(category, (await this.deps.settings.get()).max_upload_mb);
    return { bytes: limitMb * BYTES_PER_MB, refuse: (fileName) => tooLarge(fileName, limitMb, category) };
  }

  /** A creator's checks of one library file (printable name, size limit, probed audio), for the shared music library. */
  async checkLibraryAudio(file: IncomingFile, category: 'music'): Promise<Inspected> {
    assertPrintableNames(file.name);
    return this.inspect(file, category);
  }

  private async inspect(file: IncomingFile, category: TMediaCategory): Promise<Inspected> {
    assertCategoryOpen(category);
    assertWithinLimit(file.name, file.size, category, (await this.deps.settings.get()).max_upload_mb);
    if (category === 'cover_art') {
      const handle = await open(file.path, 'r');
      const head = new Uint8Array(16);
      try {
        await handle.read(head, 0, head.length, 0);
      } finally {
        await handle.close();
      }
      const type = imageTypeOf(head);
      if (!type) throw notImage(file.name);
      const info = await measureArtwork(file.path);
      if (!info) throw notImage(file.name);
      assertWithinPixelLimits(info);
      return { file, contentType: type, durationSeconds: null, declaredDurationSeconds: null };
    }
    let probe: AudioProbe;
    try {
      probe = await probeAudio(file.path, { measure: true });
    } catch (error) {
      if (error instanceof NotAudioError) throw notAudio(file.name, category);
      throw error;
    }
    // Decoded whole once before it can be ready (issue 35): a file cut short or damaged is refused, not kept at what it plays.
    const damage = lengthMismatch(probe)
      ? `plays ${probe.durationSeconds.toFixed(1)} s of the ${probe.declaredDurationSeconds?.toFixed(1)} s its header states`
      : await findDecodeDamage(file.path, { formatName: probe.formatName });
    if (damage) throw unreadableAudio(file.name, damage);
    return { file, contentType: audioContentType(probe.formatName), durationSeconds: probe.durationSeconds, declaredDurationSeconds: null };
  }

  /**
   * Where the ready mail goes (issue 14: the instance must not mail strangers): the account's own
   * address or one it verified with a code, anything else refused; it is sent only to a verified one
   * (see deliveryAddressOf).
   */
  private async notifyEmail(user: User, options: z.output<typeof ZUploadOptions>): Promise<string | null> {
    if (!options.notify_when_ready) return null;
    return this.deps.notifyAddresses.resolve(user, options.notify_email);
  }

  /** Moves an inspected file into storage and writes its row; main content is queued for transcription. */
  private async store(
    user: User,
    inspected: Inspected,
    category: TMediaCategory,
    friendlyName: string,
    notifyEmail: string | null,
    transcript?: IncomingFile,
  ): Promise<TMediaItem> {
    const id = randomUUID();
    const { file } = inspected;
    const key = mediaKey(user.id, id, `original.${extensionOf(file.name)}`);
    const stored = await this.deps.storage.putFile(key, file.path);
    const item = this.deps.repository.create({
      id,
      user,
      category,
      friendlyName,
      originalName: file.name.slice(0, 255),
      // Covers are served publicly by name (an <img> sends no bearer), so theirs is unguessable.
      filename: isCoverCategory(category) ? `${id}.${extensionOf(file.name)}` : storedFilename(file.name, id),
      storageKey: key,
      contentType: inspected.contentType,
      sizeBytes: stored.size,
      durationSeconds: inspected.durationSeconds,
      declaredDurationSeconds: inspected.declaredDurationSeconds,
      status: category === 'main_content' ? 'processing' : 'ready',
      notifyWhenReady: notifyEmail !== null,
      notifyEmail,
    });
    if (transcript) {
      const format = suppliedFormatFromName(transcript.name);
      if (format) {
        item.suppliedTranscriptKey = mediaKey(user.id, id, `supplied.${format}`);
        item.suppliedTranscriptFormat = format;
        await this.deps.storage.putFile(item.suppliedTranscriptKey, transcript.path);
      }
    }
    await this.deps.repository.flush();
    if (category === 'main_content') await this.deps.jobs.send('audio.transcribe', { media_id: id }, { singletonKey: id });
    return toMediaDto(item);
  }

  /** A supplied transcript must parse before anything is stored. */
  private async checkTranscript(transcript: IncomingFile | undefined, files: readonly IncomingFile[]): Promise<void> {
    if (!transcript) return;
    const format = suppliedFormatFromName(transcript.name);
    if (!format || files.length !== 1)
      throw new AppError('VALIDATION', 'A transcript (.vtt, .srt or .json) comes with exactly one audio file.');
    try {
      parseSuppliedTranscript(await readFile(transcript.path, 'utf8'), format);
    } catch (error) {
      throw new AppError('VALIDATION', `${transcript.name}: ${error instanceof Error ? error.message : 'unreadable transcript'}`);
    }
  }

  /**
   * Multipart upload of several files to one category. Every file is checked before any is stored,
   * so a refused file leaves nothing behind.
   */
  async acceptMany(
    user: User,
    files: readonly IncomingFile[],
    friendlyNames: readonly (string | undefined)[],
    options: z.output<typeof ZUploadOptions>,
    transcript?: IncomingFile,
  ): Promise<TMediaItem[]> {
    if (files.length === 0) throw new AppError('VALIDATION', MEDIA_MESSAGES.selectAudioFile);
    assertPrintableNames(...files.map((file) => file.name), ...friendlyNames, transcript?.name);
    const names = files.map(
      (file, i) => friendlyNames[i]?.trim() || (options.category === 'main_content' ? '' : defaultFriendlyName(file.name)),
    );
    if (options.category === 'main_content' && names.some((name) => !name))
      throw new AppError('VALIDATION', MEDIA_MESSAGES.enterFriendlyName);
    const notifyEmail = await this.notifyEmail(user, options);
    const inspected: Inspected[] = [];
    for (const file of files) inspected.push(await this.inspect(file, options.category));
    await this.checkTranscript(transcript, files);
    if (options.category === 'main_content')
      await this.deps.queue.assertRoom(
        user,
        inspected.reduce((sum, one) => sum + (one.durationSeconds ?? 0), 0),
      );
    const items: TMediaItem[] = [];
    for (const [i, one] of inspected.entries()) {
      items.push(await this.store(user, one, options.category, names[i] ?? defaultFriendlyName(one.file.name), notifyEmail, transcript));
    }
    return items;
  }

  /** A finished tus upload: same checks; the tus file is moved into the user's folder. */
  async acceptOne(user: User, file: IncomingFile, options: z.output<typeof ZUploadOptions>): Promise<TMediaItem> {
    const [item] = await this.acceptMany(user, [file], [options.friendly_name], options);
    if (!item) throw new AppError('INTERNAL', 'Upload was not stored');
    return item;
  }

  /** POST /api/media/upload/cover_art: a PNG or JPEG up to 15 MB. */
  async acceptCover(user: User, file: IncomingFile): Promise<TCoverUploadResponse> {
    assertPrintableNames(file.name);
    const inspected = await this.inspect(file, 'cover_art');
    const item = await this.store(user, inspected, 'cover_art', defaultFriendlyName(file.name), null);
    return { id: item.id, filename: item.filename, path: coverImagePath(item.filename), stored_as: item.filename };
  }

  /**
   * POST /api/media/upload/episode_cover: the same checks as cover art, with the name the creator gave
   * it, stored in the episode_cover category (listed by GET /api/media/).
   */
  async acceptEpisodeCover(user: User, file: IncomingFile, friendlyName: string | undefined): Promise<TMediaItem> {
    assertPrintableNames(file.name, friendlyName);
    const inspected = await this.inspect(file, 'cover_art');
    return this.store(user, inspected, 'episode_cover', friendlyName?.trim() || defaultFriendlyName(file.name), null);
  }

  /**
   * A transcript supplied after the audio (the web sends it right after its tus upload): stored,
   * and the upload transcribed again from it. A run already under way without it does not overwrite.
   */
  async attachTranscript(user: User, mediaId: string, file: IncomingFile): Promise<TMediaItem> {
    const item = orNotFound(await this.deps.repository.findOwned(user, mediaId), MEDIA_MESSAGES.mediaNotFound);
    if (item.category !== 'main_content') throw new AppError('BAD_REQUEST', 'Only main content is transcribed.');
    await this.checkTranscript(file, [file]);
    const format = suppliedFormatFromName(file.name) ?? 'json';
    const key = mediaKey(user.id, item.id, `supplied.${format}`);
    await this.deps.storage.putFile(key, file.path);
    Object.assign(item, {
      suppliedTranscriptKey: key,
      suppliedTranscriptFormat: format,
      status: 'processing',
      transcriptReady: false,
      transcriptionError: null,
    });
    await this.deps.repository.flush();
    await this.deps.jobs.send('audio.transcribe', { media_id: item.id });
    return toMediaDto(item);
  }

  static async discard(files: readonly IncomingFile[]): Promise<void> {
    await Promise.all(files.map((file) => rm(file.path, { force: true })));
  }
}
