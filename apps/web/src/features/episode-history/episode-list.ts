import { EPISODE_HISTORY, displayStatus, type TEpisode, type TEpisodeDisplayStatus, type TEpisodePlays } from '@ppp/contracts';

export const STATUS_FILTERS = ['all', 'published', 'scheduled', 'processed', 'processing', 'error'] as const;
export type TStatusFilter = (typeof STATUS_FILTERS)[number];

export const SORTS = ['newest', 'oldest', 'title', 'status', 'plays'] as const;
export type TSort = (typeof SORTS)[number];

export const VIEWS = ['grid', 'mosaic', 'list'] as const;
export type TView = (typeof VIEWS)[number];

export const STATUS_LABELS: Record<TEpisodeDisplayStatus, string> = {
  published: 'Published',
  scheduled: 'Scheduled',
  // Finished audio not yet published or scheduled: a draft to the creator.
  processed: 'Draft',
  processing: 'Processing',
  error: 'Error',
  unknown: 'Unknown',
};

export const STATUS_COLORS: Record<TEpisodeDisplayStatus, string> = {
  published: 'green',
  scheduled: 'blue',
  processed: 'grape',
  processing: 'yellow',
  error: 'red',
  unknown: 'gray',
};

/** Episodes per page of each view: 15 cover cards, 20 list rows (spec 001 §9); the mosaic shows cards too. */
export function pageSizeOf(view: TView): number {
  return view === 'list' ? EPISODE_HISTORY.listPreview : EPISODE_HISTORY.gridPreview;
}

type Listed = Pick<
  TEpisode,
  'title' | 'description' | 'status' | 'created_at' | 'publish_at' | 'published_at' | 'plays_total' | 'tags' | 'podcast_name'
>;

// By the date the row shows: an imported back catalogue is created in one moment but published over years.
const time = (e: Listed) => publishDateOf(e).date.getTime();

/** Search (title, notes, tags, show), status filter, then the chosen order. */
export function visibleEpisodes<T extends Listed>(
  episodes: readonly T[],
  options: { search: string; status: TStatusFilter; sort: TSort },
): T[] {
  const needle = options.search.trim().toLocaleLowerCase();
  const matches = episodes.filter((e) => {
    if (options.status !== 'all' && displayStatus(e.status) !== options.status) return false;
    if (!needle) return true;
    return [e.title, e.description, e.podcast_name, ...e.tags].some((text) => text.toLocaleLowerCase().includes(needle));
  });
  const order: Record<TSort, (a: T, b: T) => number> = {
    newest: (a, b) => time(b) - time(a),
    oldest: (a, b) => time(a) - time(b),
    title: (a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }) || time(b) - time(a),
    status: (a, b) => STATUS_LABELS[displayStatus(a.status)].localeCompare(STATUS_LABELS[displayStatus(b.status)]) || time(b) - time(a),
    plays: (a, b) => b.plays_total - a.plays_total || time(b) - time(a),
  };
  return [...matches].sort(order[options.sort]);
}

/** One page of the visible episodes (1-based) and how many pages there are. */
export function pageOf<T>(items: readonly T[], page: number, size: number): { items: T[]; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { items: items.slice((current - 1) * size, current * size), pages };
}

/** The date a row shows: when it went (or goes) out, else when it was made. */
export function publishDateOf(episode: Pick<TEpisode, 'publish_at' | 'published_at' | 'status' | 'created_at'>): {
  label: string;
  date: Date;
} {
  if (episode.status === 'scheduled' && episode.publish_at) return { label: 'Scheduled for', date: new Date(episode.publish_at) };
  if (episode.status === 'published')
    return { label: 'Published', date: new Date(episode.published_at ?? episode.publish_at ?? episode.created_at) };
  return { label: 'Created', date: new Date(episode.created_at) };
}

/**
 * Plays of the last 30 days (spec 001 section 9, GET /api/spreaker/analytics/plays/episodes?window=last30d)
 * in place of the lifetime counter, for every episode the answer lists (a show's live episodes); the
 * others keep their counter, and without an answer (a plan without analytics) every episode does.
 */
export function withRecentPlays<T extends Pick<TEpisode, 'id' | 'plays_total'>>(
  episodes: readonly T[],
  recent: Pick<TEpisodePlays, 'items'> | undefined,
): T[] {
  if (!recent) return [...episodes];
  const plays = new Map(recent.items.map((item) => [item.episode_id, item.plays_total]));
  return episodes.map((episode) => {
    const last30d = plays.get(episode.id);
    return last30d === undefined ? episode : { ...episode, plays_total: last30d };
  });
}
