import type { EntityManager } from '@mikro-orm/postgresql';
import { DASHBOARD, type TDashboardStats } from '@ppp/contracts';
import type { User } from '../users/user.entity.ts';
import { PodcastSchema } from '../podcasts/podcast.entity.ts';
import { TemplateSchema } from '../templates/template.entity.ts';
import { SpreakerAccountSchema } from '../spreaker/spreaker-account.entity.ts';
import type { EpisodesRepository } from '../episodes/episodes.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The processing minutes of the current month, from the billing ledger; maximum null is unlimited. */
export interface MinutesUsagePort {
  minutesFor(user: User, now: Date): Promise<{ used: number; max: number | null }>;
}

type AssemblyStatus = TDashboardStats['last_assembly_status'];

/** An episode's status as the outcome of its assembly: failed, still running, or made. */
function assemblyOutcome(status: string): AssemblyStatus {
  if (status === 'error') return 'error';
  if (status === 'pending' || status === 'processing') return 'pending';
  return 'success';
}

/** The dashboard's statistics (spec 002 §2.4 and §3), every figure read from the database. */
export class DashboardService {
  private readonly deps: { em: EntityManager; episodes: EpisodesRepository; minutes: MinutesUsagePort };
  constructor(deps: { em: EntityManager; episodes: EpisodesRepository; minutes: MinutesUsagePort }) {
    this.deps = deps;
  }

  /** GET /api/dashboard/stats (and /api/users/me/stats). */
  async stats(user: User, now = new Date()): Promise<TDashboardStats> {
    const { em, episodes } = this.deps;
    const since = new Date(now.getTime() - DASHBOARD.statsWindowDays * DAY_MS);
    const [counts, latest, recent, plays30d, shows, templates, spreaker, minutes] = await Promise.all([
      episodes.statsFor(user, since, now),
      episodes.latest(user),
      episodes.recentlyReleased(user, DASHBOARD.recentEpisodes),
      this.playsSince(user, since),
      em.count(PodcastSchema, { user: user.id }),
      em.count(TemplateSchema, { user: user.id, isActive: true }),
      em.count(SpreakerAccountSchema, { user: user.id }),
      this.deps.minutes.minutesFor(user, now),
    ]);
    return {
      total_episodes: counts.total,
      episodes_last_30d: counts.last30d,
      upcoming_scheduled: counts.upcoming,
      last_published_at: counts.lastPublishedAt,
      last_assembly_status: latest ? assemblyOutcome(latest.status) : null,
      plays_last_30d: plays30d,
      show_total_plays: counts.playsTotal,
      recent_episode_plays: recent.map((e) => ({ episode_id: e.id, plays_total: e.playsTotal, title: e.title })),
      spreaker_connected: spreaker > 0,
      show_count: shows,
      template_count: templates,
      ready: shows > 0 && templates > 0,
      minutes_used: minutes.used,
      minutes_left: minutes.max === null ? null : Math.max(0, minutes.max - minutes.used),
      max_processing_minutes_month: minutes.max,
    };
  }

  /** Downloads counted by the built-in host in the window, over all the user's shows. */
  private async playsSince(user: Pick<User, 'id'>, since: Date): Promise<number> {
    const rows = await this.deps.em
      .getConnection()
      .execute<{ plays: string }[]>(
        'select count(*) as plays from episode_downloads d join podcasts p on p.id = d.podcast_id where p.user_id = ? and d.created_at >= ?',
        [user.id, since],
      );
    return Number(rows[0]?.plays ?? 0);
  }
}
