import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  ASSEMBLY,
  ASSEMBLY_MESSAGES,
  TEMPLATE,
  TTS_MESSAGES,
  TEMPLATE_MESSAGES,
  ZAssemblyPublishMode,
  ZAssemblyStatus,
  ZManualCutsRequest,
  assemblyScheduleProblem,
  type TAssembleEpisodeRequest,
  type TAssembleEpisodeResponse,
  type TAssembledEpisode,
  type TEdlInsert,
  type TEpisodeJobStatus,
  type TManualCutsRequest,
  type TRerenderTemplatePreview,
  type TRerenderTemplateResponse,
  type TSegment,
  type TSegmentSource,
  missingScripts,
  withSegmentSources,
  type ZAssembleEpisodeRequest,
} from '@ppp/contracts';
import { AppError, orNotFound } from '../errors.ts';
import { parseInput } from '../validation.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { StoragePort } from '../storage/storage.ts';
import type { User } from '../users/user.entity.ts';
import type { MediaItem } from '../media/media-item.entity.ts';
import type { Template } from '../templates/template.entity.ts';
import type { TemplatesService } from '../templates/templates.service.ts';
import { assertTemplateFiles } from '../templates/template-files.ts';
import type { TranscriptsService } from '../transcripts/transcripts.service.ts';
import type { UsageService } from '../billing/usage.service.ts';
import type { SpeechService } from '../speech/speech.service.ts';
import { assemblyFeatures, requireFeatures, type FeatureGate, type PlanUser } from '../billing/feature-gate.ts';
import type { Episode } from './episode.entity.ts';
import type { EpisodesRepository } from './episodes.repository.ts';
import type { EpisodeMediaRepository } from './episode-media.repository.ts';
import { recipeOf, templateSnapshot, type TEpisodeRecipe } from './assembly-recipe.ts';
import { estimateEpisodeSeconds, type ClipRef, type EpisodeSeconds } from './assembly-sources.ts';
import { episodeCutsToContent, newlyRemovedMs } from './edl-files.ts';
import type { EpisodeLinks } from './episode-links.ts';
import { pendingOutcome, publishSettling } from './assembly-publish.service.ts';

export interface AssemblyDeps {
  /** Every episode and show query of assembly, scoped to the user. */
  episodes: EpisodesRepository;
  /** The user's files assembly names (library clips, covers), scoped to the user. */
  media: EpisodeMediaRepository;
  storage: StoragePort;
  jobs: JobQueue;
  /** Signed URLs of the episode's files (served by the episodes routes). */
  links: Pick<EpisodeLinks, 'url'>;
  templates: TemplatesService;
  transcripts: TranscriptsService;
  usage: UsageService;
  /** The user's voices, for the 'Change voice' choices checked before any charge. */
  speech: Pick<SpeechService, 'catalogFor'>;
  /** The plan features the request asks for (Flubber, Intern, sound effects, publishing to Spreaker on its own). */
  features: FeatureGate;
}

const BUSY = ['queued', 'processing'];

/**
 * Assembly as the creator asks for it (spec 000 §4 and §7): checks, the episode row and its minutes
 * charge in one transaction, then the audio.assemble job; the job's status for the wizard's poll;
 * re-renders after a template change or manual cuts. The job itself runs in the worker.
 */
export class AssemblyService {
  private readonly deps: AssemblyDeps;
  constructor(deps: AssemblyDeps) {
    this.deps = deps;
  }

  /** POST /api/episodes/assemble: 402 when the quota or the minutes are spent, else the queued job. */
  async assemble(user: PlanUser, body: z.output<typeof ZAssembleEpisodeRequest>, now = new Date()): Promise<TAssembleEpisodeResponse> {
    const checked = await this.check(user, body, now);
    const episodeId = randomUUID();
    const chargeKey = `assembly:${episodeId}`;
    const minutes = await this.deps.episodes.createCharged(newEpisodeRow(episodeId, user.id, body, checked), (tx) =>
      this.deps.usage.chargeAssembly(tx, user, { key: chargeKey, episodeId, seconds: checked.seconds }, now),
    );
    const jobId = await this.queue(episodeId, 'assemble').catch(async (error: unknown) => {
      // Nothing ran: the charge goes, and the episode says why.
      await this.deps.episodes.failUnqueued(episodeId, chargeKey, ASSEMBLY_MESSAGES.renderFailed('the job could not be queued'));
      throw error;
    });
    return { job_id: jobId, episode_id: episodeId, status: 'queued', minutes_charged: minutes };
  }

  /** Everything an assembly needs checked before it is charged: the template, its show, a Ready upload, the schedule. */
  private async check(user: PlanUser, body: TAssembleEpisodeRequest, now: Date): Promise<CheckedRequest> {
    const template = await this.deps.templates.getOwned(user, body.template_id);
    const podcastId = body.podcast_id ?? (typeof template.podcast === 'string' ? template.podcast : template.podcast?.id) ?? null;
    const podcast = podcastId ? await this.deps.episodes.findShow(user, podcastId) : null;
    if (!podcast) throw new AppError('VALIDATION', TEMPLATE_MESSAGES.missingShowDetail);
    await requireFeatures(this.deps.features, user, assemblyFeatures(body, podcast.hostKind));
    const segmentSources = await this.segmentSources(user, template.segments, body.segment_sources);
    const segments = withSegmentSources(template.segments, segmentSources);
    checkAvailableSegments(segments);
    checkScripts(segments, body.tts_values);
    await assertTemplateFiles(
      { storage: this.deps.storage, clips: this.deps.media },
      user.id,
      { segments, music: template.backgroundMusicRules },
      { segment: ASSEMBLY_MESSAGES.staticMissing, music: ASSEMBLY_MESSAGES.musicMissing },
    );
    const upload = await this.readyUpload(user, body.media_id ?? body.main_content_filename ?? '');
    const publishAt = body.publish.mode === 'schedule' ? (body.publish.publish_at ?? null) : null;
    const scheduleProblem = publishAt ? assemblyScheduleProblem(publishAt, now) : null;
    if (scheduleProblem) throw new AppError('VALIDATION', scheduleProblem);
    // Every voice the render will speak with, checked before anything is charged (issue 35): 'Change voice',
    // the episode's own AI-voice sources and the template's AI-voice segments that keep their voice.
    const ownVoices = Object.values(body.segment_sources).flatMap((s) => (s.source_type === 'tts' && s.voice_id ? [s.voice_id] : []));
    const templateVoices = segments.flatMap((s) =>
      s.source.source_type === 'tts' && s.source.voice_id?.trim() && !body.tts_voices[s.id] ? [s.source.voice_id.trim()] : [],
    );
    await this.checkVoices(user, [...Object.values(body.tts_voices), ...ownVoices, ...templateVoices]);
    const clips = { storage: this.deps.storage, findClip: (userId: string, ref: ClipRef) => this.deps.media.findClip(userId, ref) };
    const seconds = await estimateEpisodeSeconds(clips, user.id, segments, upload, body.tts_values);
    const cover = await this.cover(user, body.episode_details.cover_image_path);
    return { template, podcastId: podcast.id, upload, publishAt, seconds, cover, segmentSources };
  }

  /**
   * The episode's own segment sources, each for a segment of the template other than the content; a
   * file must be one of the user's media-library files (another user's id is refused like a missing
   * one) and is recorded with its stored filename.
   */
  private async segmentSources(
    user: Pick<User, 'id'>,
    segments: readonly TSegment[],
    sources: TAssembleEpisodeRequest['segment_sources'],
  ): Promise<Record<string, TSegmentSource>> {
    const checked: Record<string, TSegmentSource> = {};
    for (const [id, source] of Object.entries(sources)) {
      if (!segments.some((s) => s.id === id && s.segment_type !== 'content')) {
        throw new AppError('VALIDATION', ASSEMBLY_MESSAGES.segmentUnknown(id), [{ path: ['segment_sources', id] }]);
      }
      if (source.source_type === 'tts') {
        checked[id] = source;
        continue;
      }
      const file = await this.deps.media.findLibraryFile(user, source.media_id);
      if (!file) {
        throw new AppError('VALIDATION', ASSEMBLY_MESSAGES.segmentFileNotFound, [
          { path: ['segment_sources', id, 'media_id'], message: ASSEMBLY_MESSAGES.segmentFileNotFound },
        ]);
      }
      checked[id] = { source_type: 'static', filename: file.filename, media_id: file.id };
    }
    return checked;
  }

  /** Each 'Change voice' choice is a voice the user's engines have: an unknown one is refused here, not by the render. */
  private async checkVoices(user: Pick<User, 'id'>, voices: readonly string[]): Promise<void> {
    const chosen = [...new Set(voices)];
    if (chosen.length === 0) return;
    const catalog = await this.deps.speech.catalogFor(user);
    for (const voiceId of chosen) {
      if (!(await catalog.resolveVoice(voiceId))) throw new AppError('VALIDATION', TTS_MESSAGES.voiceUnavailable);
    }
  }

  /** GET /api/episodes/status/{jobId}: another user's job is a 404 like a missing one. */
  async status(user: Pick<User, 'id'>, jobId: string): Promise<TEpisodeJobStatus> {
    const episode = orNotFound(await this.deps.episodes.findByJob(user, jobId), ASSEMBLY_MESSAGES.jobNotFound);
    return this.statusOf(episode, jobId);
  }

  /**
   * The episode's current assembly job, whatever queued it (the wizard, a retry, a template re-render,
   * a manual edit): the wizard follows its build by episode, so a later job never leaves it polling a
   * job id that no longer names the episode. Another user's episode is a 404.
   */
  async episodeStatus(user: Pick<User, 'id'>, episodeId: string): Promise<TEpisodeJobStatus> {
    const episode = await this.getOwned(user, episodeId);
    return this.statusOf(episode, episode.assemblyJobId ?? '');
  }

  private async statusOf(episode: Episode, jobId: string): Promise<TEpisodeJobStatus> {
    const state =
      episode.assemblyStatus === 'done'
        ? publishSettling(episode)
          ? 'processing'
          : 'processed'
        : ZAssemblyStatus.catch('queued').parse(episode.assemblyStatus);
    const outcome = episode.publishOutcome;
    return {
      job_id: jobId,
      episode_id: episode.id,
      status: state,
      progress: episode.renderProgress ?? null,
      episode: await this.toAssembled(episode),
      error: state === 'error' ? (episode.errorMessage ?? ASSEMBLY_MESSAGES.renderFailed('unknown error')) : null,
      publish: state === 'processed' && outcome ? { mode: outcome.mode, outcome: outcome.outcome, error: outcome.error } : null,
    };
  }

  async getOwned(user: Pick<User, 'id'>, id: string): Promise<Episode> {
    return orNotFound(await this.deps.episodes.findOwnedRow(user, id), ASSEMBLY_MESSAGES.episodeNotFound);
  }

  /** Spec 000 §3 'Assembled episode', with a signed URL for the owner's audio element. */
  async toAssembled(episode: Episode): Promise<TAssembledEpisode> {
    return {
      id: episode.id,
      podcast_id: typeof episode.podcast === 'string' ? episode.podcast : episode.podcast.id,
      template_id: episode.templateId ?? null,
      title: episode.title,
      description: episode.description,
      status: episode.status,
      final_audio_url: episode.finalAudioKey ? await this.deps.links.url('audio', episode.id) : null,
      duration_ms: episode.durationMs ?? null,
      cleanup_stats: episode.cleanupStats ?? null,
      chapters: episode.chapters ?? [],
      publish_mode: ZAssemblyPublishMode.nullable()
        .catch(null)
        .parse(episode.publishMode ?? null),
      processed_at: episode.processedAt ?? null,
    };
  }

  /**
   * 'Re-render episodes made with this template': each assembled one plans again with the template as
   * it is now (its current intro, outro, music and timing) and keeps its own choices (cuts, Intern
   * answers, scripts). No minutes are charged: the episode was charged when first assembled.
   */
  async rerenderTemplate(user: Pick<User, 'id'>, templateId: string): Promise<TRerenderTemplateResponse> {
    const template = await this.deps.templates.getOwned(user, templateId);
    const episodes = await this.templateEpisodes(user, template.id);
    const queued: TRerenderTemplateResponse['queued'] = [];
    let skipped = 0;
    for (const episode of episodes) {
      if (!rerenderable(episode)) {
        skipped += 1;
        continue;
      }
      episode.assembly = { ...episode.assembly, template: templateSnapshot(template) };
      queued.push({ episode_id: episode.id, job_id: await this.requeueAs(episode, 'template') });
    }
    return { template_id: template.id, queued, skipped };
  }

  /** GET /api/templates/{id}/rerender: how many episodes a re-render would queue now, for the confirm dialog. */
  async rerenderTemplatePreview(user: Pick<User, 'id'>, templateId: string): Promise<TRerenderTemplatePreview> {
    const template = await this.deps.templates.getOwned(user, templateId);
    const episodes = await this.templateEpisodes(user, template.id);
    const count = episodes.filter(rerenderable).length;
    return { template_id: template.id, rerenderable: count, skipped: episodes.length - count, uses_minutes: false };
  }

  /** The user's episodes made with a template that carry a recipe, oldest first. */
  private templateEpisodes(user: Pick<User, 'id'>, templateId: string): Promise<Episode[]> {
    return this.deps.episodes.withRecipeOf(user, templateId);
  }

  /**
   * The manual editor's commit (issue 8 calls it with an episode it checked is the user's): cuts in
   * the finished episode's time (or the upload's), added to the recipe, then a re-render. 'done'
   * when every cut was already made; duration_ms is the length the episode will have.
   */
  async addCutsAndRerender(
    episode: Episode,
    cuts: readonly { start_ms: number; end_ms: number }[],
    options: { timeBase?: TManualCutsRequest['time_base']; removeInserts?: readonly string[] } = {},
  ): Promise<{ status: 'done' | 'queued'; duration_ms: number; job_id: string | null }> {
    const body = parseInput(ZManualCutsRequest, { cuts, time_base: options.timeBase });
    if (!episode.assembly || !episode.edl) throw new AppError('CONFLICT', ASSEMBLY_MESSAGES.notRerenderable);
    if (BUSY.includes(episode.assemblyStatus ?? '')) throw new AppError('CONFLICT', ASSEMBLY_MESSAGES.busy);
    const content = body.time_base === 'episode' ? episodeCutsToContent(episode.edl, body.cuts) : body.cuts;
    const kept = content.filter((cut) => cut.end_ms - cut.start_ms >= ASSEMBLY.minManualCutMs);
    const removed = newlyRemovedMs(episode.edl.content.cuts, kept, episode.edl.content.file.duration_ms);
    const dropped = options.removeInserts?.length ? episode.edl.inserts.filter((insert) => options.removeInserts?.includes(insert.id)) : [];
    // A spliced answer made the episode longer by its length; an overlaid effect did not.
    const splicedMs = dropped.filter((insert) => insert.mode === 'splice').reduce((sum, insert) => sum + insert.duration_ms, 0);
    const durationMs = Math.max(0, episode.edl.duration_ms - removed - splicedMs);
    if (removed === 0 && dropped.length === 0)
      return { status: 'done', duration_ms: episode.durationMs ?? episode.edl.duration_ms, job_id: null };
    // The words an insert's choice had cut (the spoken 'stop', a sound effect's keyword) stay cut without it.
    const spokenCues = dropped.length
      ? episode.edl.content.cuts
          .filter((cut) => cut.reasons.some((reason) => reason === 'intern_end_marker' || reason === 'sfx_keyword'))
          .map((cut) => ({ start_ms: cut.start_ms, end_ms: cut.end_ms }))
      : [];
    const manual = [...episode.assembly.manual_cuts, ...kept, ...spokenCues];
    episode.assembly = withoutInserts({ ...episode.assembly, manual_cuts: manual }, dropped);
    return { status: 'queued', duration_ms: durationMs, job_id: await this.requeueAs(episode, 'manual_cuts') };
  }

  /**
   * Queues a failed or stalled assembly again with its recipe as stored, on the same episode. Its
   * charge stands, so nothing more is charged, unless the failed render's minutes were credited back:
   * then they are charged again, once per credit (402 when they are no longer there).
   */
  async requeue(episode: Episode, user: PlanUser, now = new Date()): Promise<void> {
    await this.deps.episodes.transactional((tx) => this.deps.usage.rechargeCredited(tx, user, episode.id, now));
    await this.requeueJob(episode);
  }

  /** requeue, answering the job's id. */
  async requeueJob(episode: Episode): Promise<string> {
    if (!episode.assembly) throw new AppError('CONFLICT', ASSEMBLY_MESSAGES.notRerenderable);
    if (episode.status === 'error') episode.status = 'pending';
    return this.requeueAs(episode, 'assemble');
  }

  /** Where the manual editor fetches the rendered file's peaks, or null before a render. */
  peaksUrl(episode: Episode): Promise<string | null> {
    return Promise.resolve(episode.finalAudioKey ? `/api/episodes/${episode.id}/peaks` : null);
  }

  /**
   * Saves the recipe and the queued state by id (the episode may come from another caller's entity
   * manager, as the manual editor's does), then queues the job.
   */
  private async requeueAs(episode: Episode, reason: 'assemble' | 'template' | 'manual_cuts'): Promise<string> {
    Object.assign(episode, { assemblyStatus: 'queued', renderProgress: 0 });
    await this.deps.episodes.update(episode.id, {
      assembly: episode.assembly,
      status: episode.status,
      assemblyStatus: 'queued',
      renderProgress: 0,
    });
    return this.queue(episode.id, reason);
  }

  private async queue(episodeId: string, reason: 'assemble' | 'template' | 'manual_cuts'): Promise<string> {
    const jobId = await this.deps.jobs.send('audio.assemble', { episode_id: episodeId, reason });
    if (!jobId) throw new AppError('INTERNAL', ASSEMBLY_MESSAGES.renderFailed('the job could not be queued'));
    await this.deps.episodes.update(episodeId, { assemblyJobId: jobId });
    return jobId;
  }

  /** The upload, Ready: 425 while transcribing (the wizard waits), 409 when transcription failed. */
  private async readyUpload(user: Pick<User, 'id'>, hint: string): Promise<MediaItem> {
    const upload = await this.deps.transcripts.findByHint(user, hint);
    if (upload.status === 'error') throw new AppError('CONFLICT', ASSEMBLY_MESSAGES.uploadFailed);
    if (!upload.transcriptReady || !upload.detection) throw new AppError('NOT_READY', ASSEMBLY_MESSAGES.uploadNotReady);
    return upload;
  }

  /** A cover uploaded before (its stored name, or a /static/media/ path to it); another user's or a missing one is refused. */
  private async cover(user: Pick<User, 'id'>, path: string | null | undefined): Promise<MediaItem | null> {
    const filename = path?.split('/').pop()?.split('?')[0];
    if (!filename) return null;
    const cover = await this.deps.media.findCover(user, filename);
    if (!cover || !(await this.deps.storage.stat(cover.storageKey))) {
      const message = ASSEMBLY_MESSAGES.coverMissing(filename);
      throw new AppError('VALIDATION', message, [{ path: ['episode_details', 'cover_image_path'], message }]);
    }
    return cover;
  }
}

/**
 * 'Step 3 Continue is blocked until every tts segment has a non-blank script': the call holds to it
 * too, before any charge, since the render cannot voice an empty script. The issue names the segment.
 */
function checkScripts(segments: readonly TSegment[], ttsValues: Readonly<Record<string, string>>): void {
  const [first] = missingScripts(segments, ttsValues);
  if (first === undefined) return;
  throw new AppError('VALIDATION', ASSEMBLY_MESSAGES.scriptRequired, [
    { path: ['tts_values', first], message: ASSEMBLY_MESSAGES.scriptRequired },
  ]);
}

/** Spec 000 §6: a template stored with a commercial segment (before the API refused one) is not assembled either. */
function checkAvailableSegments(segments: readonly TSegment[]): void {
  const disabled: readonly string[] = TEMPLATE.disabledSegmentTypes;
  const index = segments.findIndex((segment) => disabled.includes(segment.segment_type));
  if (index >= 0) throw new AppError('VALIDATION', TEMPLATE.messages.commercialUnavailable);
}

/** Assembled (a recipe and a rendered file) and not rendering now. */
function rerenderable(episode: Episode): episode is Episode & { assembly: NonNullable<Episode['assembly']> } {
  return Boolean(episode.assembly && episode.finalAudioKey) && !BUSY.includes(episode.assemblyStatus ?? '');
}

interface CheckedRequest {
  template: Template;
  podcastId: string;
  upload: MediaItem;
  publishAt: Date | null;
  seconds: EpisodeSeconds;
  cover: MediaItem | null;
  /** The episode's own segment sources as checked: each file recorded with its stored filename. */
  segmentSources: Record<string, TSegmentSource>;
}

/** The episode row an assembly starts with: details, the publish choice and the recipe. */
function newEpisodeRow(id: string, userId: string, body: TAssembleEpisodeRequest, checked: CheckedRequest) {
  const details = body.episode_details;
  return {
    id,
    user: userId,
    podcast: checked.podcastId,
    templateId: checked.template.id,
    sourceMedia: checked.upload.id,
    title: details.title,
    description: details.description,
    tags: details.tags,
    season: details.season ?? null,
    episodeNumber: details.episodeNumber ?? null,
    explicit: details.explicit,
    status: 'pending',
    coverStorageKey: checked.cover?.storageKey ?? null,
    coverCrop: cropOf(details.cover_crop),
    // A draft or a schedule keeps the visibility it goes live with; only 'now' may choose another one.
    visibility: body.publish.mode === 'now' ? body.publish.visibility : 'public',
    publishAt: checked.publishAt,
    publishAtLocal: checked.publishAt ? (body.publish.publish_at_local ?? null) : null,
    publishMode: body.publish.mode,
    publishOutcome: pendingOutcome(body.publish.mode),
    assembly: recipeOf(checked.template, checked.upload, { ...body, segment_sources: checked.segmentSources }),
    assemblyStatus: 'queued',
    renderProgress: 0,
  };
}

/** 'x1,y1,x2,y2' as stored. */
function cropOf(crop: string | null | undefined): Record<string, number> | null {
  if (!crop) return null;
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = crop.split(',').map(Number);
  return { x1, y1, x2, y2 };
}

/** The recipe without the Intern answers and sound effects of these inserts (ids 'intern-<index>', 'sfx-<hit index>'). */
function withoutInserts(recipe: TEpisodeRecipe, inserts: readonly TEdlInsert[]): TEpisodeRecipe {
  const indexOf = (kind: string) =>
    new Set(inserts.filter((insert) => insert.kind === kind).map((insert) => Number(insert.id.slice(kind.length + 1))));
  const intern = indexOf('intern');
  const sfx = indexOf('sfx');
  return {
    ...recipe,
    intern_answers: recipe.intern_answers.filter((answer) => !intern.has(answer.intern_index)),
    sfx_choices: recipe.sfx_choices.filter((choice) => !sfx.has(choice.hit_index)),
  };
}
