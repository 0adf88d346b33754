import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ZAssemblyPublishMode,
  creatorPublishScheduleProblem,
  type TAssemblyPublishMode,
  type TAssemblyPublishOutcome,
} from '@ppp/contracts';
import type { PublishingService } from '../publishing/publishing.service.ts';
import { EpisodeSchema, type Episode, type TStoredPublishOutcome } from './episode.entity.ts';

export interface AssemblyPublishDeps {
  em: EntityManager;
  publishing: Pick<PublishingService, 'publish' | 'jobPending'>;
}

interface ClaimedRow {
  user_id: string;
  publish_mode: string | null;
  publish_at: Date | null;
  publish_at_local: string | null;
  visibility: string;
  status: string;
  publish_state: string | null;
}

/**
 * How long a claim on the publish step holds: a run that claimed it and died before recording what
 * it did leaves it pending; after this long a retry or a re-run of the job claims it again.
 */
export const PUBLISH_CLAIM_LEASE_MS = 2 * 60_000;

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
 * than a minute ahead (else the episode stays a draft, outcome schedule_invalid with the reason in
 * the wizard's words: 'Pick a future date/time (>= 1 minute ahead).' or 'Invalid schedule time'), 'draft' stays a
 * draft. One run acts: the outcome is claimed in one statement, so a duplicated job, or a later
 * re-render, never publishes twice. The claim carries its time: one that was never settled (its run
 * died) is claimed again by a run after PUBLISH_CLAIM_LEASE_MS, which first looks whether the dead run
 * had already handed the episode over (publishing 'now' twice is a no-op; a schedule in place is kept).
 */
export class AssemblyPublishService {
  private readonly deps: AssemblyPublishDeps;
  constructor(deps: AssemblyPublishDeps) {
    this.deps = deps;
  }

  /** Null when there was nothing to do (another run acts or acted, or the episode predates this step). */
  async afterRender(episodeId: string, now = new Date()): Promise<TAssemblyPublishOutcome | null> {
    const claimedAt = now.toISOString();
    const row = await this.claim(episodeId, now);
    if (!row) return null;
    const mode = ZAssemblyPublishMode.catch('draft').parse(row.publish_mode);
    const outcome = await this.act(episodeId, mode, row, now);
    const stored: TStoredPublishOutcome = { ...outcome, claimed: true, claimed_at: claimedAt };
    // Recorded only while the claim is still this run's.
    await this.deps.em
      .getConnection()
      .execute(`update episodes set publish_outcome = ?::jsonb where id = ? and publish_outcome->>'claimed_at' = ?`, [
        JSON.stringify(stored),
        episodeId,
        claimedAt,
      ]);
    return outcome;
  }

  /**
   * Takes the publish step in one statement: a pending outcome nobody claimed, or whose claim is
   * older than the lease. The claim is stamped with `now`; null when it is not this run's to take.
   */
  async claim(episodeId: string, now = new Date()): Promise<ClaimedRow | null> {
    const [row] = await this.deps.em.getConnection().execute<ClaimedRow[]>(
      `update episodes set publish_outcome = publish_outcome || jsonb_build_object('claimed', true, 'claimed_at', ?::text)
       where id = ? and publish_outcome->>'outcome' = 'pending'
         and (coalesce(publish_outcome->>'claimed', 'false') <> 'true'
           or coalesce((publish_outcome->>'claimed_at')::timestamptz, '-infinity'::timestamptz) <= ?::timestamptz)
       returning user_id, publish_mode, publish_at, publish_at_local, visibility, status, publish_state`,
      [now.toISOString(), episodeId, new Date(now.getTime() - PUBLISH_CLAIM_LEASE_MS).toISOString()],
    );
    return row ?? null;
  }

  /**
   * The periodic sweep (job assembly.publish-sweep): episodes whose render is stored but whose publish
   * step was left pending by a run that died on its last attempt (nothing retries it), their claim
   * (or, never claimed, their render) older than the lease. Each goes through afterRender, whose
   * one-statement claim keeps it to one run however many sweeps or jobs meet it. Returns what was settled.
   */
  async sweepStale(now = new Date()): Promise<{ episodeId: string; outcome: TAssemblyPublishOutcome }[]> {
    const before = new Date(now.getTime() - PUBLISH_CLAIM_LEASE_MS).toISOString();
    const rows = await this.deps.em.getConnection().execute<{ id: string }[]>(
      `select id from episodes
       where publish_outcome->>'outcome' = 'pending' and assembly_status = 'done' and processed_at is not null
         and (case when coalesce(publish_outcome->>'claimed', 'false') = 'true'
           then coalesce((publish_outcome->>'claimed_at')::timestamptz, '-infinity'::timestamptz)
           else processed_at end) <= ?::timestamptz
       order by processed_at limit 100`,
      [before],
    );
    const settled: { episodeId: string; outcome: TAssemblyPublishOutcome }[] = [];
    for (const { id } of rows) {
      const outcome = await this.afterRender(id, now);
      if (outcome) settled.push({ episodeId: id, outcome });
    }
    return settled;
  }

  /**
   * Milliseconds until another run's unsettled claim may be taken (0: now), or null when there is
   * nothing to wait for (not claimed, already settled, or no such episode).
   */
  async claimHeldFor(episodeId: string, now = new Date()): Promise<number | null> {
    const episode = await this.deps.em.fork().findOne(EpisodeSchema, { id: episodeId }, { fields: ['publishOutcome'] });
    const stored = episode?.publishOutcome;
    if (stored?.outcome !== 'pending' || !stored.claimed) return null;
    const at = stored.claimed_at ? Date.parse(stored.claimed_at) : Number.NaN;
    return Number.isFinite(at) ? Math.max(0, at + PUBLISH_CLAIM_LEASE_MS - now.getTime()) : 0;
  }

  /** A run that died after handing the schedule over left it in place: not scheduled a second time. */
  private async scheduledAlready(episodeId: string, row: ClaimedRow): Promise<boolean> {
    if (row.status === 'published') return true;
    if (row.status !== 'scheduled') return false;
    return row.publish_state !== 'queued' || (await this.deps.publishing.jobPending(episodeId));
  }

  private async act(episodeId: string, mode: TAssemblyPublishMode, row: ClaimedRow, now: Date): Promise<TAssemblyPublishOutcome> {
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
        await this.deps.em.fork().nativeUpdate(EpisodeSchema, { id: episodeId }, { publishAt: null, publishAtLocal: null });
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
