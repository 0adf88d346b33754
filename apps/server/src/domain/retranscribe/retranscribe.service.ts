import type { z } from 'zod';
import {
  engineLabel,
  isFallbackEngine,
  MEDIA_MESSAGES,
  RETRANSCRIBE,
  RETRANSCRIBE_MESSAGES,
  type TMediaItem,
  type TTranscriptionEngineName,
  type TTranscriptionEngineNow,
  type ZRetranscribeRequest,
} from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { MediaItem } from '../media/media-item.entity.ts';
import { toMediaDto } from '../media/media.dto.ts';
import type { TranscriptsRepository } from '../transcripts/transcripts.repository.ts';
import type { Owner } from '../users/user.entity.ts';

/** The engine status the speech model manager reports (its admin status's `engine`). */
export interface EngineStatusSource {
  status(): Promise<{ engine: { name: TTranscriptionEngineName | null; model: string | null; fallback: boolean } }>;
}

/** The engine a transcription started now would use; null when none can run. */
export async function engineNow(source: EngineStatusSource): Promise<TTranscriptionEngineNow | null> {
  const { engine } = await source.status();
  if (!engine.name) return null;
  return { engine: engine.name, model: engine.model, fallback: isFallbackEngine(engine.name) };
}

/**
 * Why the engine in use now cannot improve on a transcript (engine and model as stored), or null
 * when it can: no engine, the fallback again, or the very engine and model that made it.
 */
export function noBetterEngine(now: TTranscriptionEngineNow | null, made: { engine: string | null; model: string | null }): string | null {
  if (!now) return RETRANSCRIBE_MESSAGES.noEngine;
  if (now.fallback) return RETRANSCRIBE_MESSAGES.noBetterEngine(engineLabel(now.engine, now.model));
  if (made.engine === now.engine && (made.model ?? null) === now.model)
    return RETRANSCRIBE_MESSAGES.sameEngine(engineLabel(now.engine, now.model));
  return null;
}

export interface RetranscribeDeps {
  transcripts: Pick<TranscriptsRepository, 'findOwnedUpload' | 'findUploadOfEpisode' | 'wordsOf' | 'flush'>;
  jobs: JobQueue;
  engines: EngineStatusSource;
}

/**
 * A creator re-transcribes an upload (or the content upload of an episode) with the engine in use
 * now (issue 32): free (RETRANSCRIBE), at most RETRANSCRIBE.maxPerUpload times per upload, through
 * the same audio.transcribe job, which replaces the words only when the new ones are stored and runs
 * detection again. Corrected words are lost only when the request says so.
 */
export class RetranscribeService {
  private readonly deps: RetranscribeDeps;
  constructor(deps: RetranscribeDeps) {
    this.deps = deps;
  }

  /** What the web app offers: Re-transcribe only when this is not the fallback. */
  engineNow(): Promise<TTranscriptionEngineNow | null> {
    return engineNow(this.deps.engines);
  }

  private async uploadOf(user: Owner, input: z.output<typeof ZRetranscribeRequest>): Promise<MediaItem> {
    const { transcripts } = this.deps;
    const item = input.media_id
      ? await transcripts.findOwnedUpload(user, input.media_id)
      : await transcripts.findUploadOfEpisode(user, input.episode_id ?? '');
    if (!item) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.uploadNotFound);
    return item;
  }

  async retranscribe(user: Owner, input: z.output<typeof ZRetranscribeRequest>): Promise<TMediaItem> {
    const item = await this.uploadOf(user, input);
    if (item.status === 'processing') throw new AppError('TRANSCRIPT_NOT_READY', RETRANSCRIBE_MESSAGES.stillProcessing);
    if (item.status === 'error' || !item.transcriptReady) throw new AppError('CONFLICT', RETRANSCRIBE_MESSAGES.failedUpload);
    if (item.suppliedTranscriptKey) throw new AppError('CONFLICT', RETRANSCRIBE_MESSAGES.supplied);
    const refusal = noBetterEngine(await this.engineNow(), {
      engine: item.transcriptionEngine ?? null,
      model: item.transcriptionModel ?? null,
    });
    if (refusal) throw new AppError('CONFLICT', refusal);
    if (item.retranscribeCount >= RETRANSCRIBE.maxPerUpload) throw new AppError('RATE_LIMITED', RETRANSCRIBE_MESSAGES.limitReached);
    const corrected = Object.keys((await this.deps.transcripts.wordsOf(item.id))?.corrections ?? {}).length;
    if (corrected > 0 && !input.discard_corrections) {
      throw new AppError('CONFLICT', RETRANSCRIBE_MESSAGES.correctionsWouldBeLost(corrected));
    }
    Object.assign(item, {
      retranscribeCount: item.retranscribeCount + 1,
      status: 'processing',
      transcriptReady: false,
      transcriptionError: null,
      transcriptionProgress: null,
    });
    await this.deps.transcripts.flush();
    await this.deps.jobs.send('audio.transcribe', { media_id: item.id }, { singletonKey: item.id });
    return toMediaDto(item);
  }
}
