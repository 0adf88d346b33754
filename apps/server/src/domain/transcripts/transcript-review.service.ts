import type { z } from 'zod';
import { detectWithAudio, type DetectableTranscript, type EvidenceStore } from '@ppp/audio';
import {
  applyTranscriptEdits,
  detectionCounts,
  EPISODE_MESSAGES,
  isFallbackEngine,
  MEDIA_MESSAGES,
  ZMediaStatus,
  type TDetectionResult,
  type TRescanResult,
  type TSfxKeyword,
  type TTranscript,
  type TTranscriptCorrectionsResult,
  type TTranscriptQuery,
  type TTranscriptView,
  type ZRescanRequest,
  type ZTranscriptCorrectionsRequest,
} from '@ppp/contracts';
import { AppError, orNotFound } from '../errors.ts';
import type { MediaItem } from '../media/media-item.entity.ts';
import type { AudioCleanupService } from '../audio-cleanup/audio-cleanup.service.ts';
import type { EpisodesRepository } from '../episodes/episodes.repository.ts';
import type { Owner } from '../users/user.entity.ts';
import type { Transcript } from './transcript.entity.ts';
import type { TranscriptsRepository } from './transcripts.repository.ts';

/** A transcript to detect in, with the words known to be right (issue 33). */
type DetectedTranscript = TTranscript & Pick<DetectableTranscript, 'trusted_words'>;

export interface TranscriptReviewDeps {
  repository: TranscriptsRepository;
  audioCleanup: Pick<AudioCleanupService, 'get'>;
  episodes: Pick<EpisodesRepository, 'findOwned'>;
  /** The user's sound-effect trigger keywords (the media library's). */
  sfxKeywords: (userId: string) => Promise<TSfxKeyword[]>;
  /** The upload's 16 kHz working copy on this machine, or null when it is gone (detection then reads the words alone). */
  workingCopy?: (userId: string, mediaId: string) => Promise<{ path: string; release: () => Promise<void> } | null>;
  /** Where the sound's evidence on an upload's working copy is kept between scans, so a re-scan does not search the whole recording again. */
  evidenceStore?: (userId: string, mediaId: string) => EvidenceStore;
}

/** The detection and its counts on the upload's row, as the transcription job leaves them. */
export function applyDetection(item: MediaItem, detection: TDetectionResult): void {
  Object.assign(item, {
    detection,
    flubberCount: detection.flubber.count,
    internCount: detection.intern.count,
    sfxCount: detection.sfx.count,
    fillerCount: detection.fillers.count,
    pauseCount: detection.pauses.count,
    censorCount: detection.censored.count,
  });
}

function viewOf(item: MediaItem, row: Transcript): TTranscriptView {
  return {
    media_id: item.id,
    friendly_name: item.friendlyName,
    engine: row.engine,
    model: row.model ?? null,
    fallback: isFallbackEngine(row.engine),
    language: row.language ?? null,
    duration_s: row.durationSeconds ?? item.durationSeconds ?? null,
    words: row.words,
    corrected: Object.keys(row.corrections ?? {})
      .map(Number)
      .sort((a, b) => a - b),
  };
}

/**
 * Issue 18: the transcript a creator reads and corrects (text only; times kept), and detection run
 * again on the stored words (no new transcription) when the words or the creator's cleanup and
 * magic-word settings change: by hand (Re-scan) or for every upload not yet assembled.
 */
export class TranscriptReviewService {
  private readonly deps: TranscriptReviewDeps;
  constructor(deps: TranscriptReviewDeps) {
    this.deps = deps;
  }

  /**
   * Detection on a transcript under the user's current settings and sound-effect keywords, with the
   * evidence of the audio when its working copy is given (issue 33: markers heard, not only read);
   * an upload's evidence is kept between scans (the keyword search over a whole recording takes
   * seconds a minute of audio, and a re-scan of the same bytes hears the same).
   */
  async detectFor(
    userId: string,
    transcript: DetectedTranscript,
    fuzzyThreshold?: number,
    audio: { path: string; mediaId?: string } | null = null,
  ): Promise<TDetectionResult> {
    const [settings, sfx] = await Promise.all([this.deps.audioCleanup.get(userId), this.deps.sfxKeywords(userId)]);
    const store = audio?.mediaId === undefined ? undefined : this.deps.evidenceStore?.(userId, audio.mediaId);
    return detectWithAudio(audio?.path ?? null, transcript, settings, sfx, {
      ...(fuzzyThreshold === undefined ? {} : { fuzzyThreshold }),
      ...(store === undefined ? {} : { store }),
    });
  }

  /** Detection on an upload's stored words with its working copy when storage still has it. */
  private async detectUpload(item: MediaItem, transcript: DetectedTranscript, fuzzyThreshold?: number): Promise<TDetectionResult> {
    const audio = (await this.deps.workingCopy?.(item.user.id, item.id)) ?? null;
    try {
      return await this.detectFor(item.user.id, transcript, fuzzyThreshold, audio && { path: audio.path, mediaId: item.id });
    } finally {
      await audio?.release();
    }
  }

  /** The words of an upload, or of the upload an episode was made from (404 for an episode without one). */
  async view(user: Owner, query: TTranscriptQuery): Promise<TTranscriptView> {
    const mediaId = 'media_id' in query ? query.media_id : await this.sourceOf(user, query.episode_id);
    const { item, row } = await this.transcribed(user, mediaId);
    return viewOf(item, row);
  }

  private async sourceOf(user: Owner, episodeId: string): Promise<string> {
    const episode = orNotFound(await this.deps.episodes.findOwned(user, episodeId), EPISODE_MESSAGES.episodeNotFound);
    if (!episode.sourceMedia) throw new AppError('NOT_FOUND', EPISODE_MESSAGES.noSourceAudio);
    return episode.sourceMedia.id;
  }

  /**
   * Corrects, splits and merges words (what the engine heard is kept beside them), then re-scans the
   * upload with them: the words, the corrected positions and the new detection are written in one flush.
   */
  async correct(user: Owner, body: z.output<typeof ZTranscriptCorrectionsRequest>): Promise<TTranscriptCorrectionsResult> {
    const { item, row } = await this.transcribed(user, body.media_id);
    const edited = applyTranscriptEdits(row.words, row.corrections ?? {}, body);
    if (!edited.ok) throw new AppError('VALIDATION', edited.message);
    const { words, heard } = edited.value;
    row.words = words;
    row.text = words.map((word) => word.text).join(' ');
    row.corrections = Object.keys(heard).length > 0 ? heard : null;
    const rescan = await this.rescanItem(item, row);
    return { transcript: viewOf(item, row), rescan };
  }

  /** Re-scan one Ready upload: detection again on its stored words under the current settings. */
  async rescan(user: Owner, body: z.output<typeof ZRescanRequest>): Promise<TRescanResult> {
    const { item, row } = await this.transcribed(user, body.media_id);
    return this.rescanItem(item, row, body.fuzzy_threshold);
  }

  /** After a settings change: every transcribed upload of the user that no episode was assembled from. */
  async rescanUnassembled(userId: string): Promise<TRescanResult[]> {
    const items = await this.deps.repository.unassembledReadyUploads(userId);
    const results: TRescanResult[] = [];
    for (const item of items) {
      const row = await this.deps.repository.wordsOf(item.id);
      if (row) results.push(await this.rescanItem(item, row));
    }
    return results;
  }

  private async rescanItem(item: MediaItem, row: Transcript, fuzzyThreshold?: number): Promise<TRescanResult> {
    const before = item.detection ? detectionCounts(item.detection) : null;
    const transcript = {
      words: row.words,
      language: row.language ?? null,
      duration_s: row.durationSeconds ?? item.durationSeconds ?? null,
      // A supplied transcript's words and a creator's corrections are what was said: sound confirms, never vetoes.
      trusted_words: row.engine === 'supplied' ? ('all' as const) : Object.keys(row.corrections ?? {}).map(Number),
    };
    const detection = await this.detectUpload(item, transcript, fuzzyThreshold);
    applyDetection(item, detection);
    await this.deps.repository.flush();
    return {
      media_id: item.id,
      status: ZMediaStatus.catch('ready').parse(item.status),
      before,
      after: detectionCounts(detection),
      detection,
    };
  }

  /** One of the user's uploads with its words: 404 for another user's or an unknown one, 409 while it is not transcribed. */
  private async transcribed(user: Owner, mediaId: string): Promise<{ item: MediaItem; row: Transcript }> {
    const item = orNotFound(await this.deps.repository.findOwnedUpload(user, mediaId), MEDIA_MESSAGES.uploadNotFound);
    const row = item.transcriptReady ? await this.deps.repository.wordsOf(item.id) : null;
    if (!row) throw new AppError('TRANSCRIPT_NOT_READY', MEDIA_MESSAGES.transcriptNotReady);
    return { item, row };
  }
}
