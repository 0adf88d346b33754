import type { z } from 'zod';
import {
  ASSEMBLY,
  EPISODE_MESSAGES,
  cutsOverInserts,
  normalizeManualCuts,
  type TEdl,
  type TEditContext,
  type TManualEditCommitResponse,
  type ZManualEditCommitRequest,
} from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { Owner } from '../users/user.entity.ts';
import type { Episode } from './episode.entity.ts';
import type { EpisodesService } from './episodes.service.ts';
import type { EpisodeLinks } from './episode-links.ts';
import type { EpisodeAssemblyPort } from './episode-assembly.port.ts';
import { joinCuts } from './content-timeline.ts';
import { isRendering } from './episode.dto.ts';
import { episodeCutsToContent, placedInserts } from './edl-files.ts';

/** The manual waveform cut editor (spec 001 'Manual editor'): its context, and committing cuts for a re-render. */
export class ManualEditService {
  private readonly deps: { episodes: EpisodesService; links: EpisodeLinks; assembly: EpisodeAssemblyPort };
  constructor(deps: { episodes: EpisodesService; links: EpisodeLinks; assembly: EpisodeAssemblyPort }) {
    this.deps = deps;
  }

  /** An episode that can be cut: assembled here, with its finished file, and not being processed. */
  async editable(user: Owner, id: string): Promise<Episode> {
    const episode = await this.deps.episodes.getOwned(user, id);
    if (isRendering(episode)) throw new AppError('CONFLICT', EPISODE_MESSAGES.busyRendering);
    if (!episode.finalAudioKey) throw new AppError('NOT_READY', EPISODE_MESSAGES.notAssembled);
    if (!episode.edl) throw new AppError('BAD_REQUEST', EPISODE_MESSAGES.noEdl);
    return episode;
  }

  /** GET /api/episodes/{id}/edit-context */
  async context(user: Owner, id: string): Promise<TEditContext> {
    const episode = await this.editable(user, id);
    const manual = (episode.edl?.content.cuts ?? []).filter((cut) => cut.reasons.includes('manual'));
    return {
      episode_id: episode.id,
      duration_ms: episode.durationMs ?? episode.edl?.duration_ms ?? 0,
      existing_cuts: manual.map((cut) => ({ start_ms: cut.start_ms, end_ms: cut.end_ms })),
      audio_url: await this.deps.links.url('audio', episode.id),
      peaks_url: await this.deps.assembly.peaksUrl(episode),
      inserts: episode.edl ? placedInserts(episode.edl) : [],
    };
  }

  /**
   * POST /api/episodes/{id}/manual-edit/commit: cuts of 20 ms or more, sorted, joined where they
   * overlap, then re-rendered; an inserted Intern answer or sound effect a cut covers is removed with
   * it, and a cut over part of one is refused (422) naming it.
   */
  async commit(user: Owner, id: string, body: z.output<typeof ZManualEditCommitRequest>): Promise<TManualEditCommitResponse> {
    const episode = await this.editable(user, id);
    const durationMs = episode.durationMs ?? episode.edl?.duration_ms ?? 0;
    const cuts = joinCuts(normalizeManualCuts(body.cuts)).map((cut) => ({
      start_ms: cut.start_ms,
      end_ms: Math.min(cut.end_ms, durationMs),
    }));
    if (cuts.some((cut) => cut.start_ms >= durationMs)) throw new AppError('VALIDATION', EPISODE_MESSAGES.cutOutside);
    const kept = normalizeManualCuts(cuts);
    if (kept.length === 0) throw new AppError('VALIDATION', EPISODE_MESSAGES.noCuts);
    // An Intern answer or sound effect under a cut goes whole, or the cut is refused (part of a clip cannot be cut).
    const { removed, problem } = cutsOverInserts(kept, episode.edl ? placedInserts(episode.edl) : []);
    if (problem) throw new AppError('VALIDATION', problem);
    // A cut that removes none of the recording (it lies in the intro or outro) is refused, not dropped in silence.
    const edl = episode.edl;
    if (edl && removed.length === 0 && kept.some((cut) => contentMsOf(edl, cut) < ASSEMBLY.minManualCutMs))
      throw new AppError('VALIDATION', EPISODE_MESSAGES.cutOutsideContent);
    const result = await this.deps.assembly.addCutsAndRerender(episode, kept, { removeInserts: removed.map((insert) => insert.id) });
    return { duration_ms: result.duration_ms, status: result.status, cuts: kept };
  }
}

/** How much of the recording a cut on the episode's timeline removes. */
function contentMsOf(edl: TEdl, cut: { start_ms: number; end_ms: number }): number {
  return episodeCutsToContent(edl, [cut]).reduce((sum, part) => sum + part.end_ms - part.start_ms, 0);
}
