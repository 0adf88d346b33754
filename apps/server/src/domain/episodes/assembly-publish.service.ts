import type { EntityManager } from '@mikro-orm/postgresql';
import { ZAssemblyPublishMode, scheduleProblem, type TAssemblyPublishMode, type TAssemblyPublishOutcome } from '@ppp/contracts';
import type { PublishingService } from '../publishing/publishing.service.ts';
import { EpisodeSchema, type Episode, type TStoredPublishOutcome } from './episode.entity.ts';

export interface AssemblyPublishDeps {
  em: EntityManager;
  publishing: Pick<PublishingService, 'publish'>;
}

interface ClaimedRow {
  user_id: string;
  publish_mode: string | null;
  publish_at: Date | null;
  publish_at_local: string | null;
  visibility: string;
}

/** How long the status call waits for publishing to settle after the render before reporting it anyway. */
const PUBLISH_SETTLE_MS = 60_000;

/**
 * Rendered, but publishing (a moment later in the same job) has not settled yet: the wizard keeps
 * polling, so it reads the outcome ('Schedule invalid') with 'processed'. A run that died in between
 * is not waited for past PUBLISH_SETTLE_MS.
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
 * than a minute ahead (else the episode stays a draft, outcome schedule_invalid), 'draft' stays a
 * draft. One run acts: the outcome is claimed in one statement, so a retried or duplicated job, or a
 * later re-render, never publishes twice.
 */
export class AssemblyPublishService {
  private readonly deps: AssemblyPublishDeps;
  constructor(deps: AssemblyPublishDeps) {
    this.deps = deps;
  }

  /** Null when there was nothing to do (another run acted, or the episode predates this step). */
  async afterRender(episodeId: string, now = new Date()): Promise<TAssemblyPublishOutcome | null> {
    const [row] = await this.deps.em.getConnection().execute<ClaimedRow[]>(
      `update episodes set publish_outcome = publish_outcome || '{"claimed": true}'::jsonb
       where id = ? and publish_outcome->>'outcome' = 'pending' and coalesce(publish_outcome->>'claimed', 'false') <> 'true'
       returning user_id, publish_mode, publish_at, publish_at_local, visibility`,
      [episodeId],
    );
    if (!row) return null;
    const mode = ZAssemblyPublishMode.catch('draft').parse(row.publish_mode);
    const outcome = await this.act(episodeId, mode, row, now);
    const stored: TStoredPublishOutcome = { ...outcome, claimed: true };
    await this.deps.em.fork().nativeUpdate(EpisodeSchema, { id: episodeId }, { publishOutcome: stored });
    return outcome;
  }

  private async act(episodeId: string, mode: TAssemblyPublishMode, row: ClaimedRow, now: Date): Promise<TAssemblyPublishOutcome> {
    const user = { id: row.user_id };
    if (mode === 'draft') return { mode, outcome: 'draft', error: null };
    try {
      if (mode === 'now') {
        await this.deps.publishing.publish(user, episodeId, { mode: 'now', publish_state: row.visibility === 'unpublished' ? 'unpublished' : 'public' }, now);
        return { mode, outcome: 'dispatched', error: null };
      }
      const problem = scheduleProblem(row.publish_at, now);
      if (problem) {
        // Kept as a draft: the time it was meant for is gone from the row.
        await this.deps.em.fork().nativeUpdate(EpisodeSchema, { id: episodeId }, { publishAt: null, publishAtLocal: null });
        return { mode, outcome: 'schedule_invalid', error: problem };
      }
      const publishAt = new Date(row.publish_at ?? 0).toISOString();
      await this.deps.publishing.publish(user, episodeId, { mode: 'schedule', publish_at: publishAt, publish_at_local: row.publish_at_local }, now);
      return { mode, outcome: 'scheduled', error: null };
    } catch (error) {
      return { mode, outcome: 'failed', error: error instanceof Error ? error.message : String(error) };
    }
  }
}
