import { probeAudio } from '@ppp/audio';
import { estimateSpeechSeconds, type TSegment } from '@ppp/contracts';
import type { MediaItem } from '../media/media-item.entity.ts';
import type { StoragePort } from '../storage/storage.ts';

/** A clip a template or a choice names: by media id when known, else by its stored filename. */
export interface ClipRef {
  media_id?: string | null | undefined;
  filename?: string | null | undefined;
}

/** A stored file's length: as recorded, else probed (and recorded for next time). */
export async function clipSeconds(storage: StoragePort, item: MediaItem): Promise<number> {
  if (item.durationSeconds != null && item.durationSeconds > 0) return item.durationSeconds;
  const local = await storage.localPath(item.storageKey);
  try {
    item.durationSeconds = (await probeAudio(local.path)).durationSeconds;
    return item.durationSeconds;
  } finally {
    await local.release();
  }
}

export interface EpisodeSeconds {
  total_seconds: number;
  static_seconds: number;
  main_seconds: number;
}

/**
 * How long the finished episode will be, for the minutes precheck and the charge: the upload plus
 * every other segment (static clips as stored, AI-voice scripts estimated from their words). A clip
 * that is missing counts 0 here; assembly then fails with a message naming it.
 */
export async function estimateEpisodeSeconds(
  deps: { storage: StoragePort; findClip(userId: string, ref: ClipRef): Promise<MediaItem | null> },
  userId: string,
  segments: readonly TSegment[],
  upload: MediaItem,
  ttsValues: Readonly<Record<string, string>> = {},
): Promise<EpisodeSeconds> {
  let staticSeconds = 0;
  for (const segment of segments) {
    if (segment.segment_type === 'content') continue;
    const source = segment.source;
    if (source.source_type === 'tts') {
      staticSeconds += estimateSpeechSeconds(ttsValues[segment.id] ?? source.text_prompt);
      continue;
    }
    const clip = await deps.findClip(userId, source);
    if (clip) staticSeconds += await clipSeconds(deps.storage, clip);
  }
  const mainSeconds = await clipSeconds(deps.storage, upload);
  const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
  return { total_seconds: round(staticSeconds + mainSeconds), static_seconds: round(staticSeconds), main_seconds: round(mainSeconds) };
}
