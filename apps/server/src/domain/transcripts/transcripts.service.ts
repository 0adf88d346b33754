import {
  MEDIA_MESSAGES,
  NOTIFICATION_LINKS,
  RETRANSCRIBE_MESSAGES,
  ZMediaStatus,
  type TDetectionResult,
  type TIntentHintsResponse,
  type TTranscript,
  type TTranscriptReadyQuery,
  type TTranscriptReadyResponse,
  type TTranscriptionEngineName,
} from '@ppp/contracts';
import { AppError, orNotFound } from '../errors.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { MediaItem } from '../media/media-item.entity.ts';
import { intentsOf } from '../media/media.dto.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { User } from '../users/user.entity.ts';
import type { Transcript } from './transcript.entity.ts';
import type { TranscriptsRepository } from './transcripts.repository.ts';
import { applyDetection } from './transcript-review.service.ts';
import { transcriptToWebVtt } from '../publishing/feed/transcript-files.ts';
import { deliveryAddressOf, subjectName } from '../mail/own-address.ts';
import type { NotifyAddressesRepository } from '../mail/notify-addresses.repository.ts';

export interface TranscriptsDeps {
  repository: TranscriptsRepository;
  notifications: NotificationsService;
  mail: MailService;
  /** The addresses each account verified, for where the ready mail goes. */
  notifyAddresses: Pick<NotifyAddressesRepository, 'isVerified'>;
  publicUrl: string;
}

export interface CompletedTranscription {
  transcript: TTranscript;
  engine: TTranscriptionEngineName;
  /** The engine's model (issue 32); null for engines without one. */
  model?: string | null;
  realtimeFactor: number | null;
  detection: TDetectionResult;
}

/** An upload named by its hint (id or filename), or the query of spec 000 section 7 (hint, else episode_id). */
type UploadQuery = string | TTranscriptReadyQuery;

/** Transcripts of main-content uploads: readiness and intent hints for the wizard, and the job's bookkeeping. */
export class TranscriptsService {
  private readonly deps: TranscriptsDeps;
  constructor(deps: TranscriptsDeps) {
    this.deps = deps;
  }

  /** The user's upload a hint names (its id, stored filename or original name); newest wins. */
  async findByHint(user: Pick<User, 'id'>, hint: string): Promise<MediaItem> {
    return orNotFound(await this.deps.repository.findUploadByHint(user, hint), MEDIA_MESSAGES.uploadNotFound);
  }

  /** The upload a query names: its hint, else the upload the user's episode episode_id was made from (spec 000 section 7). */
  private async findUpload(user: Pick<User, 'id'>, query: UploadQuery): Promise<MediaItem> {
    const { hint, episode_id: episodeId } = typeof query === 'string' ? { hint: query, episode_id: undefined } : query;
    if (hint !== undefined) return this.findByHint(user, hint);
    const item = episodeId ? await this.deps.repository.findUploadOfEpisode(user, episodeId) : null;
    if (!item) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.uploadNotFound);
    return item;
  }

  async transcriptReady(user: Pick<User, 'id'>, query: UploadQuery): Promise<TTranscriptReadyResponse> {
    const item = await this.findUpload(user, query);
    return {
      ready: item.transcriptReady,
      transcript_path: item.transcriptReady ? `/api/media/${item.id}/transcript` : null,
      media_id: item.id,
      status: ZMediaStatus.catch('processing').parse(item.status),
      progress: item.transcriptionProgress ?? null,
    };
  }

  /** 404 unknown, 425 still transcribing, 409 transcription failed; the spec's clients retry on all three. */
  async intentHints(user: Pick<User, 'id'>, query: UploadQuery): Promise<TIntentHintsResponse> {
    const { item, detection } = await this.readyUpload(user, query);
    return { media_id: item.id, filename: item.filename, intents: intentsOf(detection), detection };
  }

  /** The upload a hint names, transcribed: 404 unknown (or another user's), 425 TRANSCRIPT_NOT_READY while transcribing, 409 when it failed. */
  async readyUpload(user: Pick<User, 'id'>, query: UploadQuery): Promise<{ item: MediaItem; detection: TDetectionResult }> {
    const item = await this.findUpload(user, query);
    if (item.status === 'error') throw new AppError('CONFLICT', item.transcriptionError ?? MEDIA_MESSAGES.transcriptNotReady);
    if (!item.transcriptReady || !item.detection) throw new AppError('TRANSCRIPT_NOT_READY', MEDIA_MESSAGES.transcriptNotReady);
    return { item, detection: item.detection };
  }

  /** The words of a Ready upload (readyUpload's rules), with the audio's length. */
  async readyTranscript(
    user: Pick<User, 'id'>,
    hint: string,
  ): Promise<{ item: MediaItem; detection: TDetectionResult; transcript: Transcript }> {
    const ready = await this.readyUpload(user, hint);
    const transcript = await this.deps.repository.wordsOf(ready.item.id);
    if (!transcript) throw new AppError('TRANSCRIPT_NOT_READY', MEDIA_MESSAGES.transcriptNotReady);
    return { ...ready, transcript };
  }

  async getTranscript(user: Pick<User, 'id'>, mediaId: string): Promise<Transcript> {
    return orNotFound(await this.deps.repository.findOwnedTranscript(user, mediaId), MEDIA_MESSAGES.transcriptNotReady);
  }

  /** GET /api/media/{id}/subtitle: the upload's words as WebVTT captions (spec 001 §3 subtitle). */
  async subtitle(user: Pick<User, 'id'>, mediaId: string): Promise<string> {
    return transcriptToWebVtt((await this.getTranscript(user, mediaId)).words);
  }

  /** The job starts: the row shows Processing at 0 %. Null when the upload was deleted meanwhile. */
  async begin(mediaId: string): Promise<MediaItem | null> {
    const item = await this.deps.repository.findForJob(mediaId);
    if (!item) return null;
    item.status = 'processing';
    item.transcriptReady = false;
    item.transcriptionError = null;
    item.transcriptionProgress = 0;
    await this.deps.repository.flush();
    return item;
  }

  /** Whether a transcript was supplied since this run began (then the run without it stands down). */
  async suppliedSince(mediaId: string): Promise<boolean> {
    return this.deps.repository.hasSuppliedTranscript(mediaId);
  }

  /** Progress straight to the row (the web polls it); no entity state involved. */
  async progress(mediaId: string, percent: number): Promise<void> {
    await this.deps.repository.writeProgress(mediaId, Math.min(100, Math.max(0, Math.round(percent * 10) / 10)));
  }

  /** Stores the words (overwriting a previous run's), the detection and counts, marks Ready, then notifies. */
  async complete(item: MediaItem, result: CompletedTranscription): Promise<void> {
    const { transcript, detection } = result;
    const model = result.model ?? null;
    await this.deps.repository.saveWords(item.id, transcript, result.engine, model);
    Object.assign(item, {
      status: 'ready',
      transcriptReady: true,
      transcriptionProgress: 100,
      transcriptionError: null,
      transcriptionEngine: result.engine,
      transcriptionModel: model,
      realtimeFactor: result.realtimeFactor,
      durationSeconds: item.durationSeconds ?? transcript.duration_s,
    });
    applyDetection(item, detection);
    await this.notifyReady(item);
  }

  /** A failure a retry cannot fix (no engine, unreadable audio): shown on the upload, the job ends. */
  async fail(item: MediaItem, message: string): Promise<void> {
    if (await this.deps.repository.wordsOf(item.id)) return this.keepPrevious(item, message);
    item.status = 'error';
    item.transcriptReady = false;
    item.transcriptionError = message;
    await this.deps.repository.flush();
    await this.deps.notifications.notify(item.user.id, {
      title: 'Transcription failed',
      body: `"${item.friendlyName}" could not be transcribed: ${message}`,
      dedupeKey: `transcript-failed:${item.id}`,
      link: NOTIFICATION_LINKS.upload(item.id),
    });
  }

  /**
   * A re-transcription that failed (issue 32): the words, engine and detection of the run before it
   * are still stored, so the upload is Ready with them again and the creator is told why.
   */
  private async keepPrevious(item: MediaItem, message: string): Promise<void> {
    Object.assign(item, { status: 'ready', transcriptReady: true, transcriptionError: null, transcriptionProgress: 100 });
    await this.deps.repository.flush();
    await this.deps.notifications.notify(item.user.id, {
      title: 'Re-transcription failed',
      body: RETRANSCRIBE_MESSAGES.retranscribeFailed(item.friendlyName, message),
      dedupeKey: `retranscribe-failed:${item.id}:${item.retranscribeCount}`,
      link: NOTIFICATION_LINKS.upload(item.id),
    });
  }

  /** The bell always (once per upload); mail when asked, once: notifiedAt is claimed in one statement, so two runs at once send one mail. */
  private async notifyReady(item: MediaItem): Promise<void> {
    const counts = `Flubber ${item.flubberCount ?? 0}, Intern ${item.internCount ?? 0}, Sound Effects ${item.sfxCount ?? 0}`;
    await this.deps.notifications.notify(item.user.id, {
      title: 'Upload ready',
      body: `"${item.friendlyName}" is transcribed and ready to use (${counts}).`,
      dedupeKey: `transcript-ready:${item.id}`,
      link: NOTIFICATION_LINKS.readyUpload(item.id),
    });
    const claimed = item.notifyWhenReady && !item.notifiedAt ? await this.deps.repository.claimReadyMail(item.id) : false;
    if (!claimed) {
      await this.deps.repository.flush();
      return;
    }
    // The mail's outbox row and the Ready status are written in the same flush.
    item.notifiedAt = new Date();
    const to = await deliveryAddressOf(this.deps.notifyAddresses, item.user, item.notifyEmail);
    if (!to) {
      await this.deps.repository.flush();
      return;
    }
    await this.deps.mail.send({
      to,
      subject: `Your upload "${subjectName(item.friendlyName)}" is ready`,
      text: `"${item.friendlyName}" (${item.originalName}) is transcribed and ready to become an episode.\n\nFound: ${counts}.\n\nOpen ${this.deps.publicUrl}/dashboard to continue.`,
    });
  }
}
