import type { z } from 'zod';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { extractSegment } from '@ppp/audio';
import {
  EPISODE_MESSAGES,
  FLUBBER_REVIEW,
  type TFlubberApplyResponse,
  type TFlubberContext,
  type TFlubberContexts,
  type TFlubberMarker,
  type ZFlubberApplyRequest,
} from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { FeatureGate, PlanUser } from '../billing/feature-gate.ts';
import type { StoragePort } from '../storage/storage.ts';
import type { MediaItem } from '../media/media-item.entity.ts';
import type { Episode } from './episode.entity.ts';
import { episodePrefix, type EpisodesService } from './episodes.service.ts';
import type { EpisodeLinks } from './episode-links.ts';
import type { EpisodeAssemblyPort } from './episode-assembly.port.ts';
import type { ManualEditService } from './manual-edit.service.ts';
import { contentRangeToTimeline, joinCuts } from './content-timeline.ts';

type Owner = PlanUser;

export interface FlubberReviewDeps {
  episodes: EpisodesService;
  manualEdit: ManualEditService;
  storage: StoragePort;
  links: EpisodeLinks;
  assembly: EpisodeAssemblyPort;
  features: FeatureGate;
}

export function snippetKey(episode: Pick<Episode, 'id'> & { user: { id: string } | string }, index: number): string {
  const userId = typeof episode.user === 'string' ? episode.user : episode.user.id;
  return `${episodePrefix(userId, episode.id)}flubber/${index}.mp3`;
}

const round3 = (s: number) => Math.round(s * 1000) / 1000;

/**
 * The stretch of the upload a retake's review snippet plays: the proposed cut (from where the
 * flubbed take began) and the marker, with 2 s either side, inside the audio.
 */
export function flubberSnippetRange(marker: TFlubberMarker, durationSeconds: number | null | undefined): { start: number; end: number } {
  const duration = durationSeconds ?? Number.POSITIVE_INFINITY;
  const start = Math.max(0, marker.cut_start_s - FLUBBER_REVIEW.snippetPaddingS);
  const end = Math.min(duration, Math.max(marker.cut_end_s, marker.flubber_end_s) + FLUBBER_REVIEW.snippetPaddingS);
  return { start: round3(start), end: round3(Math.max(end, start + 0.1)) };
}

/** Spec 000 §3 'Flubber context' of a marker, its snippet range and signed URL. */
export function toFlubberContext(
  marker: TFlubberMarker,
  range: { start: number; end: number },
  url: string | null,
  applied: boolean,
): TFlubberContext {
  return {
    flubber_index: marker.flubber_index,
    flubber_time_s: marker.flubber_time_s,
    flubber_end_s: marker.flubber_end_s,
    computed_end_s: marker.cut_end_s,
    snippet_start_s: range.start,
    snippet_end_s: range.end,
    url,
    relative_flubber_ms: Math.max(0, Math.round((marker.flubber_time_s - range.start) * 1000)),
    applied,
    cut_start_s: marker.cut_start_s,
    cut_end_s: marker.cut_end_s,
    retake_found: marker.retake_found ?? false,
    retake_text: marker.retake_text ?? '',
    ...(marker.confidence === undefined ? {} : { confidence: marker.confidence }),
    ...(marker.preselected === undefined ? {} : { preselected: marker.preselected }),
  };
}

/**
 * The manual Flubber review of an episode (spec 001 §4): the retake markers found in its source
 * upload, each with a real audio snippet; the chosen ones are cut from the episode and re-rendered.
 */
export class FlubberReviewService {
  private readonly deps: FlubberReviewDeps;
  constructor(deps: FlubberReviewDeps) {
    this.deps = deps;
  }

  /** POST /api/flubber/prepare/{episodeId}: cuts the review snippets from the source audio (kept for the next look). */
  async prepare(user: Owner, id: string): Promise<TFlubberContexts> {
    const episode = await this.deps.episodes.getOwned(user, id);
    await this.deps.features.requireFeature(user, 'flubber');
    const source = this.sourceOf(episode);
    const markers = source.detection?.flubber.matches ?? [];
    if (markers.length > 0) {
      const input = await this.deps.storage.localPath(source.storageKey);
      const work = await mkdtemp(path.join(tmpdir(), 'ppp-flubber-'));
      try {
        for (const marker of markers) {
          const key = snippetKey(episode, marker.flubber_index);
          if (await this.deps.storage.stat(key)) continue;
          const range = flubberSnippetRange(marker, source.durationSeconds);
          const file = path.join(work, `${marker.flubber_index}.mp3`);
          await extractSegment(input.path, file, range.start, range.end);
          await this.deps.storage.putFile(key, file);
        }
      } finally {
        await input.release();
        await rm(work, { recursive: true, force: true });
      }
    }
    return this.contextsOf(episode, source);
  }

  /** GET /api/flubber/contexts/{episodeId} */
  async contexts(user: Owner, id: string): Promise<TFlubberContexts> {
    const episode = await this.deps.episodes.getOwned(user, id);
    await this.deps.features.requireFeature(user, 'flubber');
    return this.contextsOf(episode, this.sourceOf(episode));
  }

  /** POST /api/flubber/apply/{episodeId}: [{start_s, end_s}] in source-audio time; needs at least one ('No cuts selected'). */
  async apply(user: Owner, id: string, chosen: z.output<typeof ZFlubberApplyRequest>): Promise<TFlubberApplyResponse> {
    const cuts = chosen.filter((cut) => cut.end_s > cut.start_s);
    if (cuts.length === 0) throw new AppError('VALIDATION', EPISODE_MESSAGES.noCutsSelected);
    const episode = await this.deps.manualEdit.editable(user, id);
    await this.deps.features.requireFeature(user, 'flubber');
    const edl = episode.edl;
    if (!edl) throw new AppError('BAD_REQUEST', EPISODE_MESSAGES.noEdl);
    const timeline = joinCuts(
      cuts.map((cut) => contentRangeToTimeline(edl, { start_ms: Math.round(cut.start_s * 1000), end_ms: Math.round(cut.end_s * 1000) })),
    ).filter((cut) => cut.end_ms > cut.start_ms);
    if (timeline.length === 0) return { removed_ms: 0, cleaned_audio_new: false, status: 'done' };
    const result = await this.deps.assembly.addCutsAndRerender(episode, timeline);
    const removed = timeline.reduce((sum, cut) => sum + cut.end_ms - cut.start_ms, 0);
    return { removed_ms: removed, cleaned_audio_new: true, status: result.status };
  }

  private sourceOf(episode: Episode): MediaItem {
    const source = (episode.sourceMedia ?? null) as MediaItem | null;
    if (!source || !source.transcriptReady) throw new AppError('NOT_READY', EPISODE_MESSAGES.noSourceAudio);
    return source;
  }

  private async contextsOf(episode: Episode, source: MediaItem): Promise<TFlubberContexts> {
    const cuts = episode.edl?.content.cuts ?? [];
    const contexts: TFlubberContext[] = [];
    for (const marker of source.detection?.flubber.matches ?? []) {
      const range = flubberSnippetRange(marker, source.durationSeconds);
      const ready = await this.deps.storage.stat(snippetKey(episode, marker.flubber_index));
      const cutStart = Math.round(marker.cut_start_s * 1000);
      const cutEnd = Math.round(marker.cut_end_s * 1000);
      const url = ready ? await this.deps.links.url('snippet', episode.id, String(marker.flubber_index)) : null;
      contexts.push(
        toFlubberContext(
          marker,
          range,
          url,
          cuts.some((cut) => cut.start_ms <= cutStart && cut.end_ms >= cutEnd),
        ),
      );
    }
    return { contexts };
  }
}
