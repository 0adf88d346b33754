import { httpUrlOrNull, TRANSCRIPT_FILE_EXTENSIONS, transcriptLinkType, ZChapter, type TChapterInput } from '@ppp/contracts';
import type { Episode, TMirrorSkipped } from '../episodes/episode.entity.ts';
import type { MirrorDeps } from './mirror-runner.ts';
import { fetchRemote, fetchRemoteImage } from './remote-files.ts';

/**
 * Chapters JSON (Podcast Namespace) to the episode's chapter list, losing nothing the product's own file
 * writes back: start, end, title, image, link and the toc flag (issue 36); anything else is null.
 */
export function chaptersFrom(json: unknown): TChapterInput[] | null {
  const list = (json as { chapters?: unknown } | null)?.chapters;
  if (!Array.isArray(list)) return null;
  const chapters = list.flatMap((raw: unknown) => {
    const c = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const parsed = ZChapter.safeParse({
      title: typeof c.title === 'string' ? c.title.slice(0, 500) : '',
      start_s: Number(c.startTime),
      end_s: c.endTime === undefined ? null : Number(c.endTime),
      img: httpUrlOrNull(typeof c.img === 'string' ? c.img : null),
      url: httpUrlOrNull(typeof c.url === 'string' ? c.url : null),
      toc: c.toc !== false,
    });
    return parsed.success ? [parsed.data] : [];
  });
  return chapters.length > 0 ? chapters : null;
}

type Skip = (kind: TMirrorSkipped['kind'], url: string, error: unknown) => void;

async function copyTranscripts(deps: MirrorDeps, episode: Episode, skip: Skip, signal?: AbortSignal): Promise<void> {
  const links = episode.transcriptLinks ?? [];
  for (const [index, link] of links.entries()) {
    if (link.storageKey) continue;
    try {
      const type = transcriptLinkType(link.type);
      if (!type) throw new Error(`${link.type} is not a transcript format podcast apps read.`);
      const res = await fetchRemote(deps.config, 'sidecar', link.url, signal);
      const key = `users/${episode.user.id}/episodes/${episode.id}/transcript-${index}.${TRANSCRIPT_FILE_EXTENSIONS[type]}`;
      await deps.storage.putBytes(key, res.body);
      link.storageKey = key;
    } catch (error) {
      skip('transcript', link.url, error);
    }
  }
  if (links.length > 0) episode.transcriptLinks = [...links];
}

/** The episode's own artwork becomes its cover (served from here in Episode History and the feed). */
async function copyArtwork(deps: MirrorDeps, episode: Episode, skip: Skip, signal?: AbortSignal): Promise<void> {
  if (!episode.sourceImageUrl || episode.coverStorageKey) return;
  try {
    const image = await fetchRemoteImage(deps.config, episode.sourceImageUrl, signal);
    const key = `users/${episode.user.id}/episodes/${episode.id}/imported-cover.${image.extension}`;
    await deps.storage.putBytes(key, image.bytes);
    episode.coverStorageKey = key;
  } catch (error) {
    skip('artwork', episode.sourceImageUrl, error);
  }
}

async function copyChapters(deps: MirrorDeps, episode: Episode, skip: Skip, signal?: AbortSignal): Promise<void> {
  if (!episode.chaptersUrl || episode.chapters) return;
  try {
    const res = await fetchRemote(deps.config, 'sidecar', episode.chaptersUrl, signal);
    const chapters = chaptersFrom(JSON.parse(res.body.toString('utf8')));
    if (!chapters) throw new Error('The chapters file lists no chapters.');
    episode.chapters = chapters;
  } catch (error) {
    skip('chapters', episode.chaptersUrl, error);
  }
}

/**
 * An imported episode's artwork, linked transcripts and chapters, each fetched through the same guard as the
 * audio and whether or not the audio could be copied. One that is refused or fails is left out of
 * the product's feed, with the reason kept in mirrorSkipped; it never fails the episode.
 */
export async function copySidecars(deps: MirrorDeps, episode: Episode, signal?: AbortSignal): Promise<void> {
  const skipped: TMirrorSkipped[] = [];
  const skip: Skip = (kind, url, error) => {
    // Stopping the job is not a reason to give up on the file: the retry fetches it.
    if (signal?.aborted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    skipped.push({ kind, url, reason });
    deps.log?.(`rss.mirror: ${kind} ${url} skipped: ${reason}`);
  };
  await copyArtwork(deps, episode, skip, signal);
  await copyTranscripts(deps, episode, skip, signal);
  await copyChapters(deps, episode, skip, signal);
  episode.mirrorSkipped = skipped.length > 0 ? skipped : null;
  episode.sidecarsPending = false;
}
