import path from 'node:path';
import { NotAudioError, probeAudio } from '@ppp/audio';
import { MEDIA_MESSAGES, RSS_IMPORT } from '@ppp/contracts';
import type { TConfig } from '../../config.ts';
import { isTransientFetchFailure } from '../../adapters/safe-fetch/index.ts';
import type { StoragePort } from '../storage/storage.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { Episode } from '../episodes/episode.entity.ts';
import type { Podcast } from '../podcasts/podcast.entity.ts';
import { fetchRemoteAudio } from './remote-files.ts';
import { copySidecars } from './sidecar-copies.ts';
import type { RssImport } from './rss-import.entity.ts';
import type { ImportRunsRepository } from './import-runs.repository.ts';
import { importDone, type AutoPublish } from './import-runner.ts';

export interface MirrorDeps {
  runs: ImportRunsRepository;
  config: TConfig;
  storage: StoragePort;
  notifications: NotificationsService;
  autoPublish?: AutoPublish;
  log?: (msg: string) => void;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const AUDIO_EXTENSIONS: Record<string, string> = {
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/flac': 'flac',
  'video/mp4': 'mp4',
};

function audioExtension(contentType: unknown, url: string, declared: string | null): string {
  const type =
    String(contentType ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase() ?? '';
  const byType = AUDIO_EXTENSIONS[type] ?? (declared ? AUDIO_EXTENSIONS[declared] : undefined);
  if (byType) return byType;
  const ext = path.extname(new URL(url).pathname).slice(1).toLowerCase();
  return /^[a-z0-9]{2,4}$/.test(ext) ? ext : 'mp3';
}

/** Whether a stored file is audio in an allowlisted container (probed by content, ffmpeg reading that file only). */
async function isPlainAudio(storage: StoragePort, key: string): Promise<boolean> {
  const local = await storage.localPath(key);
  try {
    await probeAudio(local.path);
    return true;
  } catch (error) {
    if (error instanceof NotAudioError) return false;
    throw error;
  } finally {
    await local.release();
  }
}

/**
 * An imported episode's audio is served from here once the show is hosted here (the built-in host)
 * and the episode is published: the mirrored copy becomes its final audio and no longer expires.
 * The publishing service calls this too when it publishes an imported episode on the built-in host.
 */
export function promoteIfServedHere(episode: Episode, podcast: Pick<Podcast, 'hostKind'>, size: number | null): boolean {
  if (!episode.mirrorKey || podcast.hostKind !== 'builtin' || episode.status !== 'published') return false;
  episode.finalAudioKey = episode.mirrorKey;
  if (size !== null) episode.finalAudioBytes = size;
  episode.mirrorStatus = 'kept';
  episode.mirrorExpiresAt = null;
  return true;
}

type Outcome = 'done' | 'failed' | 'retry';

async function mirrorEpisode(
  deps: MirrorDeps,
  episode: Episode,
  podcast: Podcast,
  finalAttempt: boolean,
  signal?: AbortSignal,
): Promise<Outcome> {
  const url = episode.sourceAudioUrl;
  if (!url) return 'failed';
  try {
    const res = await fetchRemoteAudio(deps.config, url, signal);
    const key = `users/${episode.user.id}/episodes/${episode.id}/source-audio.${audioExtension(res.headers['content-type'], res.finalUrl, episode.sourceAudioType ?? null)}`;
    const stored = await deps.storage.putStream(key, res.body);
    if (!(await isPlainAudio(deps.storage, key))) {
      // A playlist or list dressed as audio would make ffmpeg read other files later: never kept.
      await deps.storage.delete(key);
      episode.mirrorStatus = 'failed';
      episode.mirrorError = MEDIA_MESSAGES.invalidFileType;
      deps.log?.(`rss.mirror: ${url} is not plain audio; nothing kept`);
      return 'failed';
    }
    episode.mirrorKey = key;
    episode.mirrorStatus = 'done';
    episode.mirrorError = null;
    episode.mirrorExpiresAt = new Date(Date.now() + RSS_IMPORT.mirrorRetentionDays * DAY_MS);
    episode.sourceAudioBytes = stored.size;
    promoteIfServedHere(episode, podcast, stored.size);
    return 'done';
  } catch (error) {
    if (signal?.aborted) throw error;
    const message = error instanceof Error ? error.message : String(error);
    const retry = isTransientFetchFailure(error) && !finalAttempt;
    episode.mirrorStatus = retry ? 'pending' : 'failed';
    episode.mirrorError = message;
    deps.log?.(`rss.mirror: ${url} ${retry ? 'will be retried' : 'failed'}: ${message}`);
    return retry ? 'retry' : 'failed';
  }
}

/**
 * rss.mirror: copies the external audio of the import's episodes (those it wrote, or a recovery
 * added) newest first into storage, one episode at a time, with their linked transcripts and
 * chapters (fetched whether or not the audio is); each episode's state and the import's counter
 * are committed together so a restart carries on with what is left. Audio fetch failures a retry
 * may fix leave the episode pending and fail the job (pg-boss retries it); others mark the episode
 * failed, and it keeps its original enclosure URL.
 */
export async function runMirror(
  deps: MirrorDeps,
  importId: string,
  options: { finalAttempt: boolean; signal?: AbortSignal },
): Promise<RssImport | null> {
  const { runs } = deps;
  const row = await runs.findById(importId);
  if (!row?.podcast || row.status !== 'mirroring') return row;
  const podcast = await runs.showOf(row.podcast.id);
  const ids = await runs.toMirror(podcast.id, row.id);
  let retries = 0;
  for (const id of ids) {
    options.signal?.throwIfAborted();
    const episode = await runs.episodeOf(id);
    if (episode.sidecarsPending) {
      await copySidecars(deps, episode, options.signal);
      await runs.save();
    }
    if (episode.mirrorStatus !== 'pending' && episode.mirrorStatus !== 'mirroring') continue;
    episode.mirrorStatus = 'mirroring';
    await runs.save();
    const outcome = await mirrorEpisode(deps, episode, podcast, options.finalAttempt, options.signal);
    if (outcome === 'retry') retries += 1;
    await runs.saveMirrorOutcome(row.id, outcome === 'done' ? 'mirrored_count' : outcome === 'failed' ? 'mirror_failed' : null);
  }
  if (retries > 0) throw new Error(`rss.mirror ${row.id}: ${retries} audio files could not be fetched yet`);
  await runs.reload(row);
  await importDone(deps, row, podcast, options.signal);
  return row;
}

/**
 * rss.mirror-cleanup: a mirrored copy past its seven days is kept (and served) if the episode is
 * by then published on the built-in host, otherwise deleted; the episode keeps its original URL.
 */
export async function cleanupMirrors(
  deps: Pick<MirrorDeps, 'runs' | 'storage'>,
  now = new Date(),
): Promise<{ kept: number; removed: number }> {
  const { runs } = deps;
  let kept = 0;
  let removed = 0;
  for (;;) {
    const expired = await runs.expiredMirrors(now);
    if (expired.length === 0) break;
    for (const episode of expired) {
      if (promoteIfServedHere(episode, episode.podcast, episode.sourceAudioBytes ?? null)) {
        kept += 1;
        continue;
      }
      if (episode.mirrorKey) await deps.storage.delete(episode.mirrorKey);
      // A copy lent to an upload (auto-publish to Spreaker) goes too: the host has the audio now.
      if (episode.finalAudioKey === episode.mirrorKey) episode.finalAudioKey = null;
      episode.mirrorKey = null;
      episode.mirrorExpiresAt = null;
      episode.mirrorStatus = 'expired';
      removed += 1;
    }
    await runs.save();
  }
  return { kept, removed };
}
