import { DASHBOARD, type TDashboardStats } from '@ppp/contracts';
import type { User } from '../users/user.entity.ts';
import type { DashboardRepository } from './dashboard.repository.ts';

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
  private readonly deps: { minutes: MinutesUsagePort };
  private readonly rows: DashboardRepository;
  constructor(deps: { rows: DashboardRepository; minutes: MinutesUsagePort }) {
    this.deps = deps;
    this.rows = deps.rows;
  }

  /** GET /api/dashboard/stats (and /api/users/me/stats). Plays are those of the last 30 days (spec 001 section 9), recent episodes' too. */
  async stats(user: User, now = new Date(), shows: readonly string[] | null = null): Promise<TDashboardStats> {
    const since = new Date(now.getTime() - DASHBOARD.statsWindowDays * DAY_MS);
    const [figures, minutes] = await Promise.all([
      this.rows.figures(user, { since, now, recent: DASHBOARD.recentEpisodes, shows }),
      this.deps.minutes.minutesFor(user, now),
    ]);
    return {
      total_episodes: figures.total,
      episodes_last_30d: figures.last30d,
      upcoming_scheduled: figures.upcoming,
      last_published_at: figures.lastPublishedAt,
      last_assembly_status: figures.latest ? assemblyOutcome(figures.latest.status) : null,
      plays_last_30d: figures.playsSince,
      show_total_plays: figures.playsTotal,
      recent_episode_plays: figures.recent.map((e) => ({ episode_id: e.id, plays_total: e.plays, title: e.title })),
      spreaker_connected: figures.spreakerAccounts > 0,
      show_count: figures.shows,
      template_count: figures.activeTemplates,
      ready: figures.shows > 0 && figures.activeTemplates > 0,
      minutes_used: minutes.used,
      minutes_left: minutes.max === null ? null : Math.max(0, minutes.max - minutes.used),
      max_processing_minutes_month: minutes.max,
    };
  }
}
