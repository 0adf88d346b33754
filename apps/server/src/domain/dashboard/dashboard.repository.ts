import type { Owner } from '../users/user.entity.ts';
import { Repository } from '../../db/repository.ts';

/** Every figure of the dashboard the database holds, for one user at one time. */
export interface DashboardFigures {
  total: number;
  last30d: number;
  upcoming: number;
  lastPublishedAt: Date | null;
  playsTotal: number;
  /** Downloads counted by the built-in host since the window's start, over all the user's shows. */
  playsSince: number;
  shows: number;
  activeTemplates: number;
  spreakerAccounts: number;
  /** The most recently made episode (its status is the last assembly's outcome). */
  latest: { id: string; status: string } | null;
  /** The most recent published or scheduled episodes, each with its downloads since the window's start. */
  recent: { id: string; title: string; plays: number }[];
}

/** Only the shows a team member was given (issue 34): :shows lists them, comma-separated; null counts every show. */
const inShows = (column: string) => `(:shows::text is null or ${column}::text = any(string_to_array(:shows, ',')))`;

/**
 * The dashboard's figures in one statement: the dashboard is the first screen after sign-in, and
 * as a dozen queries it cost more in round trips and query building than in the counting itself.
 */
const FIGURES_SQL = `
select e.total, e.last_30d, e.upcoming, e.last_published, e.plays,
  (select count(*) from episode_downloads d join podcasts p on p.id = d.podcast_id
     where p.user_id = :user and d.created_at >= :since and ${inShows('p.id')}) as plays_since,
  (select count(*) from podcasts where user_id = :user and ${inShows('id')}) as shows,
  (select count(*) from templates where user_id = :user and is_active and ${inShows('podcast_id')}) as active_templates,
  (select count(*) from spreaker_accounts where user_id = :user) as spreaker_accounts,
  (select json_build_object('id', id, 'status', status) from episodes
     where user_id = :user and import_key is null and ${inShows('podcast_id')} order by created_at desc, id desc limit 1) as latest,
  (select coalesce(json_agg(json_build_object('id', r.id, 'title', r.title, 'plays', r.plays) order by r.rank), '[]')
     from (select x.id, x.title,
             row_number() over (order by x.publish_at desc, x.created_at desc, x.id desc) as rank,
             (select count(*) from episode_downloads d where d.episode_id = x.id and d.created_at >= :since) as plays
           from episodes x where x.user_id = :user and ${inShows('x.podcast_id')} and x.status in ('published', 'scheduled')
           order by x.publish_at desc, x.created_at desc, x.id desc limit :recent) r) as recent
from (select count(*) as total,
             count(*) filter (where created_at >= :since) as last_30d,
             count(*) filter (where status = 'scheduled' and publish_at > :now) as upcoming,
             max(coalesce(published_at, publish_at)) filter (where status = 'published') as last_published,
             coalesce(sum(plays_total), 0) as plays
        from episodes where user_id = :user and ${inShows('podcast_id')}) e`;

interface FiguresRow {
  total: string | number;
  last_30d: string | number;
  upcoming: string | number;
  last_published: string | Date | null;
  plays: string | number;
  plays_since: string | number;
  shows: string | number;
  active_templates: string | number;
  spreaker_accounts: string | number;
  latest: { id: string; status: string } | null;
  recent: { id: string; title: string; plays: number }[];
}

/** The SQL with its named parameters (:name; a cast such as ::int is left alone) in order as positional ones. */
function positional(sql: string, values: Record<string, unknown>): [string, unknown[]] {
  const params: unknown[] = [];
  const text = sql.replace(/(?<!:):(\w+)/g, (_, name: string) => {
    params.push(values[name]);
    return '?';
  });
  return [text, params];
}

/** What the dashboard counts, always for one user. */
export class DashboardRepository extends Repository {
  async figures(
    user: Owner,
    window: { since: Date; now: Date; recent: number; shows?: readonly string[] | null },
  ): Promise<DashboardFigures> {
    const shows = window.shows ? window.shows.join(',') : null;
    const [sql, params] = positional(FIGURES_SQL, { user: user.id, since: window.since, now: window.now, recent: window.recent, shows });
    const [row] = await this.em.getConnection().execute<FiguresRow[]>(sql, params);
    if (!row) throw new Error('the dashboard query returned no row');
    return {
      total: Number(row.total),
      last30d: Number(row.last_30d),
      upcoming: Number(row.upcoming),
      lastPublishedAt: row.last_published ? new Date(row.last_published) : null,
      playsTotal: Number(row.plays),
      playsSince: Number(row.plays_since),
      shows: Number(row.shows),
      activeTemplates: Number(row.active_templates),
      spreakerAccounts: Number(row.spreaker_accounts),
      latest: row.latest,
      recent: row.recent.map((r) => ({ id: r.id, title: r.title, plays: Number(r.plays) })),
    };
  }
}
