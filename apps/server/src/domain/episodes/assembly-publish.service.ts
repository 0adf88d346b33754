import {
  ZAssemblyPublishMode,
  creatorPublishScheduleProblem,
  type TAssemblyPublishMode,
  type TAssemblyPublishOutcome,
} from '@ppp/contracts';
import type { PublishingService } from '../publishing/publishing.service.ts';
import type { Episode, TStoredPublishOutcome } from './episode.entity.ts';
import type { EpisodeRendersRepository, PendingPublish } from './episode-renders.repository.ts';

export interface AssemblyPublishDeps {
  renders: Pick<EpisodeRendersRepository, 'pendingPublish' | 'settlePublish' | 'clearSchedule'>;
  publishing: Pick<PublishingService, 'publish' | 'jobPending'>;
}

/** How long the status call waits for publishing to settle after the render before reporting it anyway. */
const PUBLISH_SETTLE_MS = 60_000;

/**
 * Rendered, but the publish step (the publish.after-render job, a moment later) has not settled yet:
 * the wizard keeps polling, so it reads the outcome ('Schedule invalid') with 'processed'. A step
 * still pending (its job waiting for a retry) is not waited for past PUBLISH_SETTLE_MS.
 */
export function publishSettling(episode: Pick<Episode, 'publishOutcome' | 'processedAt'>, now = Date.now()): boolean {
  const pending = episode.publishOutcome?.outcome === 'pending';
  return pending && now - (episode.processedAt?.getTime() ?? 0) < PUBLISH_SETTLE_MS;
}

/** The outcome an assembly starts with: settled once the render is stored. */
export function pendingOutcome(mode: TAssemblyPublishMode): TStoredPublishOutcome {
  return { mode, outcome: 'pending', error: null };
}

/**
 * Publishing once the render is stored (spec 000 §4: 'Auto-publish then runs unless the mode is
 * draft. If the schedule is invalid the flow falls back to draft'): 'now' goes through the publishing
 * service with the visibility chosen at assemble, 'schedule' is scheduled when its time is still more
 * than a minute ahead (else the episode stays a draft, outcome schedule_invalid with the reason in
 * the wizard's words: 'Pick a future date/time (>= 1 minute ahead).' or 'Invalid schedule time'), 'draft' stays a
 * draft. It runs as the publish.after-render job, queued with the render in one transaction under
 * the episode's singleton key on an exclusive queue, so one run acts at a time; a settled outcome is
 * never acted on again (a later re-render publishes nothing). A run that died part way is retried by
 * pg-boss, which first looks whether the dead run had already handed the episode over (publishing
 * 'now' twice is a no-op; a schedule in place is kept).
 */
export class AssemblyPublishService {
  private readonly deps: AssemblyPublishDeps;
  constructor(deps: AssemblyPublishDeps) {
    this.deps = deps;
  }

  /** Null when there was nothing to do (already settled, or the episode predates this step or is gone). */
  async afterRender(episodeId: string, now = new Date()): Promise<TAssemblyPublishOutcome | null> {
    const row = await this.deps.renders.pendingPublish(episodeId);
    if (!row) return null;
    const mode = ZAssemblyPublishMode.catch('draft').parse(row.publish_mode);
    const outcome = await this.act(episodeId, mode, row, now);
    await this.deps.renders.settlePublish(episodeId, outcome);
    return outcome;
  }

  /** A run that died after handing the schedule over left it in place: not scheduled a second time. */
  private async scheduledAlready(episodeId: string, row: PendingPublish): Promise<boolean> {
    if (row.status === 'published') return true;
    if (row.status !== 'scheduled') return false;
    return row.publish_state !== 'queued' || (await this.deps.publishing.jobPending(episodeId));
  }

  private async act(episodeId: string, mode: TAssemblyPublishMode, row: PendingPublish, now: Date): Promise<TAssemblyPublishOutcome> {
    const user = { id: row.user_id };
    if (mode === 'draft') return { mode, outcome: 'draft', error: null };
    try {
      if (mode === 'now') {
        await this.deps.publishing.publish(
          user,
          episodeId,
          { mode: 'now', publish_state: row.visibility === 'unpublished' ? 'unpublished' : 'public' },
          now,
        );
        return { mode, outcome: 'dispatched', error: null };
      }
      if (await this.scheduledAlready(episodeId, row)) return { mode, outcome: 'scheduled', error: null };
      // The wizard's words for why (spec 000 §5 'Scheduling at publish'): it shows them with 'Schedule invalid'.
      const problem = creatorPublishScheduleProblem(row.publish_at, now);
      if (problem) {
        // Kept as a draft: the time it was meant for is gone from the row.
        await this.deps.renders.clearSchedule(episodeId);
        return { mode, outcome: 'schedule_invalid', error: problem };
      }
      const publishAt = new Date(row.publish_at ?? 0).toISOString();
      await this.deps.publishing.publish(
        user,
        episodeId,
        { mode: 'schedule', publish_at: publishAt, publish_at_local: row.publish_at_local },
        now,
      );
      return { mode, outcome: 'scheduled', error: null };
    } catch (error) {
      return { mode, outcome: 'failed', error: error instanceof Error ? error.message : String(error) };
    }
  }
}
