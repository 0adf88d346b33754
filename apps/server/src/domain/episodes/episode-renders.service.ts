import { computePeaks, NotAudioError, type Peaks } from '@ppp/audio';
import {
  ASSEMBLY,
  ASSEMBLY_FAILED_NOTICE,
  ASSEMBLY_MESSAGES,
  NOTIFICATION_LINKS,
  ZEpisodePeaks,
  ZRenderMemo,
  type TEdl,
  type TEpisodePeaks,
  type TRenderMemo,
  type TTranscriptWord,
} from '@ppp/contracts';
import { AppError, orNotFound } from '../errors.ts';
import type { StoragePort } from '../storage/storage.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { User } from '../users/user.entity.ts';
import type { SpeechService } from '../speech/speech.service.ts';
import type { AudioCleanupService } from '../audio-cleanup/audio-cleanup.service.ts';
import type { Episode } from './episode.entity.ts';
import type { Podcast } from '../podcasts/podcast.entity.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { EpisodesRepository } from './episodes.repository.ts';
import type { EpisodeMediaRepository } from './episode-media.repository.ts';
import type { EpisodeRendersRepository } from './episode-renders.repository.ts';
import { ZEpisodeRecipe, type TEpisodeRecipe } from './assembly-recipe.ts';
import { AssemblyInputs, PermanentAssemblyError } from './assembly-inputs.ts';
import { edlFingerprint } from './edl-files.ts';
import { publishedWordsKeyFor, storedWordsJson } from './published-text.ts';

export interface EpisodeRendersDeps {
  /** The episode being rendered and its writes. */
  renders: EpisodeRendersRepository;
  /** The owner's episode (peaks). */
  episodes: EpisodesRepository;
  /** The render's inputs: the upload and its words, clips, kept AI-voice renders. */
  media: EpisodeMediaRepository;
  storage: StoragePort;
  /** Queues the publish step after a render (publish.after-render). */
  jobs: JobQueue;
  speech: SpeechService;
  audioCleanup: AudioCleanupService;
  /** Tells the owner and the show's team members when an assembly failed for good. */
  notifications?: Pick<NotificationsService, 'notifyShow'>;
}

/** Where an episode's render and its peaks live: named by the plan, so the same plan is the same key. */
export function renderKeys(userId: string, episodeId: string, edl: TEdl): { audio: string; peaks: string } {
  const base = `users/${userId}/episodes/${episodeId}/episode-${edlFingerprint(edl)}`;
  return { audio: `${base}.mp3`, peaks: `${base}.peaks.json` };
}

/** The peaks file beside a rendered MP3. */
export function peaksKeyFor(audioKey: string): string {
  return audioKey.replace(/\.mp3$/, '') + '.peaks.json';
}

/** The render memo beside a rendered MP3 (its gain and loudness blocks, for a later render to reuse its frames). */
export function memoKeyFor(audioKey: string): string {
  return audioKey.replace(/\.mp3$/, '') + '.render.json';
}

/** The episode's current render, for a render of an edited EDL to reuse: the EDL it was made from, its memo, and the MP3 made local. */
export interface PreviousRender {
  edl: TEdl;
  memo: TRenderMemo;
  localAudio(): Promise<{ path: string; release: () => Promise<void> }>;
}

export interface CompletedRender {
  edl: TEdl;
  /** The MP3 on this machine; moved into storage. */
  file: string;
  /** The file's length (the plan's: the renderer is sample-exact). */
  durationMs: number;
  peaks: Peaks;
  /** Kept beside the MP3 when given (renderEpisode's memo). */
  memo?: TRenderMemo;
  /** The words the episode plays (its published transcript), kept beside the MP3 when given. */
  words?: readonly TTranscriptWord[];
}

const userIdOf = (episode: Episode) => (typeof episode.user === 'string' ? episode.user : episode.user.id);

function peaksJson(episodeId: string, durationMs: number, peaks: Peaks): TEpisodePeaks {
  return {
    episode_id: episodeId,
    duration_ms: durationMs,
    sample_rate: peaks.sampleRate,
    samples_per_pixel: peaks.samplesPerPixel,
    length: peaks.data.length / 2,
    data: Array.from(peaks.data),
  };
}

/**
 * The audio.assemble job's bookkeeping on the episode (start, progress, the finished render with its
 * peaks, a permanent failure), and the manual editor's peaks. Every write is safe to repeat: the
 * render is stored under a key named by its plan and only then swapped onto the row.
 */
export class EpisodeRendersService {
  private readonly deps: EpisodeRendersDeps;
  constructor(deps: EpisodeRendersDeps) {
    this.deps = deps;
  }

  /** The job starts: null when the episode was deleted or has nothing to render. */
  async begin(episodeId: string): Promise<{ episode: Episode; recipe: TEpisodeRecipe } | null> {
    const episode = await this.deps.renders.findForRender(episodeId);
    const recipe = ZEpisodeRecipe.safeParse(episode?.assembly);
    if (!episode || !recipe.success) return null;
    episode.assemblyStatus = 'processing';
    episode.renderProgress = 0;
    if (['pending', 'error'].includes(episode.status)) episode.status = 'processing';
    await this.deps.renders.flush();
    return { episode, recipe: recipe.data };
  }

  inputs(): AssemblyInputs {
    return new AssemblyInputs(this.deps);
  }

  /** The creator-facing message of a failure no retry can fix, or null when a retry may help. */
  permanentMessage(error: unknown): string | null {
    if (error instanceof PermanentAssemblyError) return error.message;
    if (error instanceof NotAudioError) return ASSEMBLY_MESSAGES.renderFailed('one of its audio files could not be read');
    return null;
  }

  async progress(episodeId: string, percent: number): Promise<void> {
    await this.deps.renders.recordProgress(episodeId, Math.round(percent * 10) / 10);
  }

  /**
   * Stores the MP3 and its peaks, then points the episode at them and removes the render they replace.
   * While the publish choice made at assemble is still pending, its publish.after-render job is queued
   * in the same transaction as the finished render: a run that dies after the render either left both
   * (the job publishes) or neither (pg-boss retries the render).
   */
  async complete(episode: Episode, render: CompletedRender, now = new Date()): Promise<void> {
    const userId = userIdOf(episode);
    const keys = renderKeys(userId, episode.id, render.edl);
    await this.deps.storage.putBytes(keys.peaks, JSON.stringify(peaksJson(episode.id, render.durationMs, render.peaks)));
    if (render.memo) await this.deps.storage.putBytes(memoKeyFor(keys.audio), JSON.stringify(render.memo));
    if (render.words) await this.deps.storage.putBytes(publishedWordsKeyFor(keys.audio), storedWordsJson(render.words));
    const stored = await this.deps.storage.putFile(keys.audio, render.file);
    const previous = episode.finalAudioKey;
    Object.assign(episode, {
      edl: render.edl,
      finalAudioKey: keys.audio,
      finalAudioBytes: stored.size,
      durationMs: render.durationMs,
      cleanupStats: render.edl.cleanup_stats,
      chapters: render.edl.chapters.map((chapter) => ({ title: chapter.title, start_s: chapter.start_ms / 1000 })),
      processedAt: now,
      assemblyStatus: 'done',
      renderProgress: 100,
      errorMessage: null,
    });
    if (['pending', 'processing', 'error'].includes(episode.status)) episode.status = 'processed';
    // A host that keeps its own copy has the old audio until the episode is published again.
    if (previous && episode.hostKind === 'spreaker' && episode.hostEpisodeId) episode.publishState = 'needs_republish';
    await this.storeWithFollowUp(episode);
    if (previous && previous !== keys.audio) {
      await this.deps.storage.delete(previous);
      await this.deps.storage.delete(peaksKeyFor(previous));
      await this.deps.storage.delete(memoKeyFor(previous));
      await this.deps.storage.delete(publishedWordsKeyFor(previous));
    }
  }

  /**
   * The render a new one of `next` may reuse: null when the episode has none, it was made before
   * memos were kept, or it is of the same plan (a retry or a requeue renders whole, writing the same
   * bytes under the same key).
   */
  async previousRender(episode: Episode, next: TEdl): Promise<PreviousRender | null> {
    const audioKey = episode.finalAudioKey;
    if (!episode.edl || !audioKey || renderKeys(userIdOf(episode), episode.id, next).audio === audioKey) return null;
    const key = memoKeyFor(audioKey);
    if (!(await this.deps.storage.stat(key))) return null;
    const memo = ZRenderMemo.safeParse(JSON.parse((await this.deps.storage.readBytes(key)).toString('utf8')));
    if (!memo.success) return null;
    return { edl: episode.edl, memo: memo.data, localAudio: () => this.deps.storage.localPath(audioKey) };
  }

  private async storeWithFollowUp(episode: Episode): Promise<void> {
    if (episode.publishOutcome?.outcome !== 'pending') return this.deps.renders.flush();
    await this.deps.renders.flushWith(async (transaction) => {
      await this.deps.jobs.send('publish.after-render', { episode_id: episode.id }, { singletonKey: episode.id, transaction });
    });
  }

  /** A permanent failure: the creator reads the message; an earlier render, if any, stays. */
  async fail(episode: Episode, message: string): Promise<void> {
    episode.assemblyStatus = 'error';
    episode.errorMessage = message;
    if (['pending', 'processing'].includes(episode.status)) episode.status = 'error';
    await this.deps.renders.flush();
    await this.deps.notifications?.notifyShow(episode.user as User, (episode.podcast as Podcast).id, {
      title: ASSEMBLY_FAILED_NOTICE.title,
      body: ASSEMBLY_FAILED_NOTICE.body(episode.title, message),
      dedupeKey: `assembly-failed:${episode.id}:${episode.assemblyJobId ?? ''}`,
      link: NOTIFICATION_LINKS.episode(episode.id),
    });
  }

  /** GET /api/episodes/{id}/peaks: the owner's rendered episode; computed once per file and kept beside it. */
  async peaks(user: Pick<User, 'id'>, episodeId: string): Promise<TEpisodePeaks> {
    const episode = orNotFound(await this.deps.episodes.findOwnedRow(user, episodeId), ASSEMBLY_MESSAGES.episodeNotFound);
    if (!episode.finalAudioKey) throw new AppError('NOT_FOUND', ASSEMBLY_MESSAGES.noAudio);
    const key = peaksKeyFor(episode.finalAudioKey);
    if (await this.deps.storage.stat(key)) {
      const cached = ZEpisodePeaks.safeParse(JSON.parse((await this.deps.storage.readBytes(key)).toString('utf8')));
      if (cached.success) return cached.data;
    }
    const local = await this.deps.storage.localPath(episode.finalAudioKey);
    try {
      const peaks = await computePeaks(local.path, {
        samplesPerPixel: ASSEMBLY.peaksSamplesPerPixel,
        sampleRate: ASSEMBLY.peaksSampleRate,
      });
      const json = peaksJson(episode.id, episode.durationMs ?? 0, peaks);
      await this.deps.storage.putBytes(key, JSON.stringify(json));
      return json;
    } finally {
      await local.release();
    }
  }
}
