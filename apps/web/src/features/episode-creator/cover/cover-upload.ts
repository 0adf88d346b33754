import { coverUploadForm, coverUploadTimeoutMs, EPISODE_CREATOR_MESSAGES } from '@ppp/contracts';
import { messageOf } from '../../../lib/api-error.ts';

/** The upload failed for a reason the creator reads as the toast's text. */
export class CoverUploadError extends Error {
  readonly timedOut: boolean;
  constructor(message: string, timedOut = false) {
    super(message);
    this.name = 'CoverUploadError';
    this.timedOut = timedOut;
  }
}

export interface StoredCover {
  /** The stored filename assembly takes as cover_image_path. */
  filename: string;
  /** A URL an <img> can show without a bearer header. */
  preview_url: string;
}

/** The stored cover in either answer: the cover route's {filename, path}, or a media item (alone or in a list). */
export function storedCoverOf(body: unknown): StoredCover | null {
  const first: unknown = Array.isArray(body) ? body[0] : body;
  if (typeof first !== 'object' || first === null) return null;
  const fields = first as { filename?: unknown; path?: unknown; stored_as?: unknown };
  const filename = typeof fields.stored_as === 'string' ? fields.stored_as : typeof fields.filename === 'string' ? fields.filename : null;
  if (!filename) return null;
  const path =
    typeof fields.path === 'string' && fields.path.startsWith('/') ? fields.path : `/static/media/${encodeURIComponent(filename)}`;
  return { filename, preview_url: path };
}

/** Sends the episode-cover form (trpc mediaUploads.episodeCover, the twin of POST /api/media/upload/episode_cover). */
export type SendEpisodeCover = (form: FormData, signal: AbortSignal) => Promise<unknown>;

/** Uploads the finished JPEG within coverUploadTimeoutMs(bytes) (or timeoutMs); rejects with a CoverUploadError. */
export async function uploadCover(send: SendEpisodeCover, blob: Blob, name: string, timeoutMs?: number): Promise<StoredCover> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs ?? coverUploadTimeoutMs(blob.size));
  try {
    const stored = storedCoverOf(await send(coverUploadForm(blob, name, name), controller.signal));
    if (!stored) throw new CoverUploadError(EPISODE_CREATOR_MESSAGES.coverUploadFailed);
    return stored;
  } catch (error) {
    if (error instanceof CoverUploadError) throw error;
    if (controller.signal.aborted) throw new CoverUploadError(EPISODE_CREATOR_MESSAGES.coverTimedOut, true);
    throw new CoverUploadError(messageOf(error, EPISODE_CREATOR_MESSAGES.coverUploadFailed));
  } finally {
    clearTimeout(timer);
  }
}
