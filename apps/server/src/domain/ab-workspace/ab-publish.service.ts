import {
  AB_MESSAGES,
  ZAssembleEpisodeRequest,
  abScheduleOf,
  abStaticFile,
  suggestedNumbering,
  type AbLibrary,
  type TAbPublishResponse,
  type TSegmentSourceOverrideInput,
  type TAbSegmentOverride,
} from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { AssemblyService } from '../episodes/assembly.service.ts';
import type { PublishingService } from '../publishing/publishing.service.ts';
import type { ShowEpisodesService } from '../episodes/show-episodes.service.ts';
import type { MediaItem } from '../media/media-item.entity.ts';
import type { AbWorkspaceRepository } from './ab-workspace.repository.ts';
import type { AbDraft } from './ab-draft.entity.ts';
import { toDraftDto } from './ab-workspace.dto.ts';
import type { PlanUser } from '../billing/feature-gate.ts';

export interface AbPublishDeps {
  repo: AbWorkspaceRepository;
  assembly: Pick<AssemblyService, 'assemble'>;
  publishing: Pick<PublishingService, 'publish'>;
  showEpisodes: Pick<ShowEpisodesService, 'lastNumbering'>;
}

type Outcome = TAbPublishResponse['outcome'];

export interface AbPublishBody {
  draft_id: string;
  show_id: string;
  title: string;
  description: string;
  filename: string;
  visibility: 'draft' | 'publish';
  auto_published_at?: string | null | undefined;
}

const MESSAGE: Record<Outcome, string> = { draft: AB_MESSAGES.saved, scheduled: AB_MESSAGES.scheduled, published: AB_MESSAGES.published };

/** Each tts (or AI-written) segment's script for assemble's tts_values, and its voice. */
function scriptsOf(overrides: readonly TAbSegmentOverride[]): { values: Record<string, string>; voices: Record<string, string> } {
  const values: Record<string, string> = {};
  const voices: Record<string, string> = {};
  for (const segment of overrides) {
    if (segment.source_type === 'static') continue;
    const script = segment.source_type === 'tts' ? segment.script : segment.script || segment.prompt;
    if (script.trim()) values[segment.segment_id] = script.trim();
    if (segment.voice_id) voices[segment.segment_id] = segment.voice_id;
  }
  return { values, voices };
}

/**
 * The draft's saved intro and outro as the episode's own segment sources, replacing the template's
 * for this episode: a library file by its id (a draft saved before ids were kept finds it by filename
 * among the user's files), or an AI voice speaking the saved or AI-written script.
 */
function sourcesOf(overrides: readonly TAbSegmentOverride[], library: AbLibrary): Record<string, TSegmentSourceOverrideInput> {
  const sources: Record<string, TSegmentSourceOverrideInput> = {};
  for (const segment of overrides) {
    if (segment.source_type === 'static') {
      const file = abStaticFile(segment, library);
      // A file no longer in the library is named as saved: assembly refuses it in the spec's words.
      sources[segment.segment_id] = { source_type: 'static', filename: segment.filename, media_id: file?.id ?? segment.media_id ?? '-' };
      continue;
    }
    const script = segment.source_type === 'tts' ? segment.script : segment.script || segment.prompt;
    sources[segment.segment_id] = { source_type: 'tts', text_prompt: script.trim(), voice_id: segment.voice_id ?? null };
  }
  return sources;
}

/**
 * Publish to the host (spec 002 §7) on the Episode Creator's services: the first call assembles the
 * draft's upload with its template, scripts and details (publish mode draft, now or schedule); once
 * assembled, publishing goes through the publishing service (the built-in host or Spreaker).
 */
export class AbPublishService {
  private readonly deps: AbPublishDeps;
  constructor(deps: AbPublishDeps) {
    this.deps = deps;
  }

  async publish(user: PlanUser, body: AbPublishBody, now = new Date()): Promise<TAbPublishResponse> {
    const draft = await this.deps.repo.getDraft(user.id, body.draft_id);
    const upload = draft.upload as MediaItem;
    if (body.filename !== upload.filename || !upload.transcriptReady) throw new AppError('VALIDATION', AB_MESSAGES.fileNotAvailable);
    const show = await this.deps.repo.findShow(user.id, body.show_id);
    if (!show) throw new AppError('VALIDATION', AB_MESSAGES.chooseShow);
    if (!draft.templateId) throw new AppError('VALIDATION', AB_MESSAGES.chooseTemplate);
    const schedule = body.visibility === 'publish' ? abScheduleOf(body.auto_published_at) : null;
    const outcome: Outcome = body.visibility === 'draft' ? 'draft' : schedule ? 'scheduled' : 'published';
    const episode = await this.deps.repo.findEpisode(user.id, draft.episodeId ?? null);
    let jobId: string | null = null;
    if (episode) {
      if (outcome !== 'draft') {
        await this.deps.publishing.publish(
          user,
          episode.id,
          schedule ? { mode: 'schedule', publish_at: schedule.toISOString() } : { mode: 'now', publish_state: 'public' },
          now,
        );
      }
    } else {
      const assembled = await this.assemble(user, draft, body, show.id, schedule, now);
      draft.episodeId = assembled.episode_id;
      jobId = assembled.job_id;
    }
    Object.assign(draft, { title: body.title, description: body.description, spreakerShowId: body.show_id, scheduleAt: schedule });
    draft.lastPublishResponse = { outcome, job_id: jobId, episode_id: draft.episodeId, at: now.toISOString() };
    await this.deps.repo.flush();
    return { episode_id: draft.episodeId ?? '', job_id: jobId, outcome, message: MESSAGE[outcome], draft: toDraftDto(draft) };
  }

  private async assemble(user: PlanUser, draft: AbDraft, body: AbPublishBody, showId: string, schedule: Date | null, now: Date) {
    const numbering = suggestedNumbering(await this.deps.showEpisodes.lastNumbering(user, showId));
    const { values, voices } = scriptsOf(draft.segmentOverrides);
    const publish =
      body.visibility === 'draft' ? { mode: 'draft' } : schedule ? { mode: 'schedule', publish_at: schedule } : { mode: 'now' };
    const request = ZAssembleEpisodeRequest.parse({
      template_id: draft.templateId,
      podcast_id: showId,
      media_id: (draft.upload as MediaItem).id,
      tts_values: values,
      tts_voices: voices,
      segment_sources: sourcesOf(draft.segmentOverrides, await this.deps.repo.library(user.id)),
      episode_details: {
        title: body.title,
        description: body.description,
        season: numbering.season,
        episodeNumber: numbering.episodeNumber,
        tags: draft.tags,
      },
      publish,
    });
    return this.deps.assembly.assemble(user, request, now);
  }
}
