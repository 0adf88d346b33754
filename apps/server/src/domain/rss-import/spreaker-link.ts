import { randomUUID } from 'node:crypto';
import { PODCAST_MESSAGES, RSS_IMPORT_MESSAGES, type TRecoverFromSpreakerResult } from '@ppp/contracts';
import {
  SPREAKER_API_URL,
  SpreakerError,
  spreakerToAppError,
  type SpreakerClient,
  type TSpreakerEpisode,
} from '../../adapters/spreaker/index.ts';
import { AppError } from '../errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Podcast } from '../podcasts/podcast.entity.ts';
import { importStatusOf } from './import-status.ts';
import { keyHash } from './map-feed.ts';
import type { RssImportRepository } from './rss-import.repository.ts';
import { sanitizePodcastHtml } from '../text/podcast-html.ts';
import { spreakerEpisodeGuid, spreakerShowIdFromUrl } from './spreaker-ids.ts';

export { spreakerEpisodeGuid, spreakerShowIdFromUrl };

/**
 * Links an imported Spreaker feed's show to the user's Spreaker show, when the user has connected
 * Spreaker and the show is theirs, and counts the episodes Spreaker has for it: its RSS feed lists
 * only the newest, so that count is what says the import needs the rest ('needs_full_import').
 * hostTotal is null when unlinked or uncounted; never throws (the import goes on).
 */
export async function linkSpreakerShow(
  client: SpreakerClient | null,
  podcast: Podcast,
  urls: readonly string[],
): Promise<{ linked: boolean; hostTotal: number | null }> {
  const showId = urls.map(spreakerShowIdFromUrl).find((id) => id !== null) ?? null;
  if (!client || showId === null) return { linked: false, hostTotal: null };
  try {
    const me = await client.me();
    const shows = await client.userShows(me.user_id);
    if (!shows.some((s) => s.show_id === showId)) return { linked: false, hostTotal: null };
    podcast.spreakerShowId = String(showId);
    podcast.hostKind = 'spreaker';
  } catch {
    return { linked: false, hostTotal: null };
  }
  const hostTotal = await client.showEpisodes(showId).then(
    (episodes) => episodes.length,
    () => null,
  );
  return { linked: true, hostTotal };
}

function recoveredFields(episode: TSpreakerEpisode) {
  const key = spreakerEpisodeGuid(episode.episode_id);
  const publishedAt = episode.published_at ?? null;
  const future = episode.auto_published_at && episode.auto_published_at.getTime() > Date.now();
  return {
    title: episode.title.slice(0, 255),
    description: sanitizePodcastHtml(episode.description ?? ''),
    explicit: episode.explicit ?? false,
    tags: episode.tags ?? [],
    status: future ? 'scheduled' : 'published',
    guid: key,
    publishAt: future ? episode.auto_published_at : publishedAt,
    publishedAt: future ? null : publishedAt,
    processedAt: new Date(),
    durationMs: episode.duration ?? null,
    hostEpisodeId: String(episode.episode_id),
    importKey: key,
    importKeyHash: keyHash(key),
    sourceAudioUrl: episode.download_url ?? episode.playback_url ?? null,
    sourceImageUrl: episode.image_url ?? null,
    sourceLink: episode.site_url ?? null,
    playsTotal: episode.plays_count ?? 0,
    mirrorStatus: episode.download_url || episode.playback_url ? 'pending' : null,
    sidecarsPending: Boolean(episode.image_url),
  };
}

interface RecoveryDeps {
  imports: RssImportRepository;
  jobs: Pick<JobQueue, 'send'>;
}

/** Sends rss.mirror again for the show's mirrors that have no live job (a run that died before queuing it). */
async function resumeStalledMirrors(deps: RecoveryDeps, podcast: Podcast): Promise<void> {
  for (const row of await deps.imports.mirroringOf(podcast.id)) {
    if (!(await deps.imports.hasLiveMirrorJob(row.id))) await deps.jobs.send('rss.mirror', { import_id: row.id }, { singletonKey: row.id });
  }
}

/** The linked show's Spreaker id, or the one in the Spreaker feed it was imported from; else null. */
function linkedShowId(podcast: Podcast): number | null {
  if (podcast.spreakerShowId) return Number(podcast.spreakerShowId);
  return podcast.importedFeedUrl ? spreakerShowIdFromUrl(podcast.importedFeedUrl) : null;
}

type KnownEpisodeKeys = Awaited<ReturnType<RssImportRepository['episodeKeysOf']>>;
type RecoveredFields = ReturnType<typeof recoveredFields>;

/** The remote episodes the show does not have yet, by Spreaker episode id, import key or guid. */
function notYetHere(remote: TSpreakerEpisode[], known: KnownEpisodeKeys): RecoveredFields[] {
  const knownIds = new Set(known.map((e) => e.hostEpisodeId).filter(Boolean));
  const knownHashes = new Set(known.map((e) => e.importKeyHash).filter(Boolean));
  const knownGuids = new Set(known.map((e) => e.guid));
  return remote
    .map(recoveredFields)
    .filter((f) => !knownIds.has(f.hostEpisodeId) && !knownHashes.has(f.importKeyHash) && !knownGuids.has(f.guid));
}

/** The import row whose rss.mirror job copies the recovered episodes' audio and artwork; null when there is none to copy. */
function mirrorFor(
  imports: RssImportRepository,
  podcast: Podcast,
  recovered: { source: string; remote: TSpreakerEpisode[]; missing: RecoveredFields[] },
) {
  const { source, remote, missing } = recovered;
  const withAudio = missing.filter((f) => f.mirrorStatus === 'pending').length;
  if (withAudio === 0 && !missing.some((f) => f.sidecarsPending)) return null;
  return imports.add({
    id: randomUUID(),
    user: podcast.user,
    podcast,
    feedUrl: source,
    finalUrl: source,
    feedStorageKey: null,
    status: 'mirroring',
    feedTotal: remote.length,
    importedCount: missing.length,
    mirrorTotal: withAudio,
  });
}

/**
 * POST /api/podcasts/{id}/recover-from-spreaker: Spreaker's RSS feed lists only the newest
 * episodes, so the rest of a linked show's catalogue is read from its API and the missing ones are
 * added (matched by Spreaker episode id or the guid its feed uses). Running it twice adds nothing.
 * Their audio and artwork are copied here by the same rss.mirror job as an import's, under a row of its own.
 */
export async function recoverFromSpreaker(
  deps: RecoveryDeps,
  client: SpreakerClient | null,
  podcast: Podcast,
): Promise<TRecoverFromSpreakerResult> {
  const { imports } = deps;
  const showId = linkedShowId(podcast);
  if (!showId) throw new AppError('CONFLICT', RSS_IMPORT_MESSAGES.notLinkedToSpreaker);
  if (!client) throw new AppError('BAD_REQUEST', PODCAST_MESSAGES.notConnected);
  const remote = await client.showEpisodes(showId).catch((error: unknown) => {
    throw error instanceof SpreakerError ? spreakerToAppError(error) : error;
  });
  await resumeStalledMirrors(deps, podcast);
  const known = await imports.episodeKeysOf(podcast.id);
  // Host episode ids are unique across the instance: one claimed by another show is not linked again.
  const claimed = await imports.spreakerIdsTaken(remote.map((e) => String(e.episode_id)));
  const missing = notYetHere(remote, known);
  const mirror = mirrorFor(imports, podcast, { source: `${SPREAKER_API_URL}/v2/shows/${showId}/episodes`, remote, missing });
  for (const fields of missing) {
    const linked = claimed.has(fields.hostEpisodeId) ? { hostEpisodeId: null, hostKind: null } : { hostKind: 'spreaker' };
    imports.addEpisode({
      user: podcast.user,
      podcast,
      ...fields,
      ...linked,
      mirrorImportId: fields.mirrorStatus || fields.sidecarsPending ? (mirror?.id ?? null) : null,
    });
  }
  podcast.importFeedTotal = Math.max(podcast.importFeedTotal ?? 0, remote.length);
  // Every remote episode is now here: counted once whether imported from the feed or recovered.
  podcast.importedCount = Math.max((podcast.importedCount ?? 0) + missing.length, remote.length);
  await imports.save();
  if (mirror) await deps.jobs.send('rss.mirror', { import_id: mirror.id }, { singletonKey: mirror.id });
  return {
    recovered_count: missing.length,
    import_status: importStatusOf(podcast) ?? { needs_full_import: false, imported_count: 0, feed_total: 0 },
  };
}
