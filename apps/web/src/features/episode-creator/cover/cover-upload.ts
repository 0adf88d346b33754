import { coverUploadTimeoutMs, EPISODE_CREATOR_MESSAGES } from '@ppp/contracts';
import { readToken, tabId } from '../../../lib/session.ts';

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

interface Attempt {
  path: string;
  form: FormData;
}

/** Spec 000 §7: multipart 'files' plus friendly_names to episode_cover; fallback cover_art with 'file'. */
function attempts(blob: Blob, name: string): Attempt[] {
  const primary = new FormData();
  primary.append('files', blob, name);
  primary.append('friendly_names', JSON.stringify([name]));
  const fallback = new FormData();
  fallback.append('file', blob, name);
  return [
    { path: '/api/media/upload/episode_cover', form: primary },
    { path: '/api/media/upload/cover_art', form: fallback },
  ];
}

/** The stored cover in either answer: the cover route's {filename, path}, or a list of media items. */
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

/** A category the server does not take answers 4xx before reading the body: try the fallback then. */
function categoryRefused(status: number): boolean {
  return status === 400 || status === 404 || status === 405 || status === 422;
}

async function post(attempt: Attempt, signal: AbortSignal, baseUrl: string): Promise<{ status: number; body: unknown }> {
  const token = readToken();
  const headers: Record<string, string> = { 'x-tab-id': tabId() };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${baseUrl}${attempt.path}`, { method: 'POST', body: attempt.form, headers, credentials: 'include', signal });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    body = null;
  }
  return { status: res.status, body };
}

function detailOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const fields = body as { detail?: unknown; error?: unknown; message?: unknown };
  for (const value of [fields.detail, fields.error, fields.message]) if (typeof value === 'string' && value) return value;
  return null;
}

export interface UploadCoverOptions {
  /** Where the API is (the page's own origin by default). */
  baseUrl?: string;
  /** The deadline; coverUploadTimeoutMs(bytes) by default. */
  timeoutMs?: number;
}

/** Uploads the finished JPEG within coverUploadTimeoutMs(bytes); rejects with a CoverUploadError. */
export async function uploadCover(blob: Blob, name: string, options: UploadCoverOptions = {}): Promise<StoredCover> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? coverUploadTimeoutMs(blob.size));
  try {
    let last: { status: number; body: unknown } | null = null;
    for (const attempt of attempts(blob, name)) {
      last = await post(attempt, controller.signal, options.baseUrl ?? '');
      if (last.status >= 200 && last.status < 300) {
        const stored = storedCoverOf(last.body);
        if (!stored) throw new CoverUploadError(EPISODE_CREATOR_MESSAGES.coverUploadFailed);
        return stored;
      }
      if (!categoryRefused(last.status)) break;
    }
    throw new CoverUploadError(detailOf(last?.body) ?? EPISODE_CREATOR_MESSAGES.coverUploadFailed);
  } catch (error) {
    if (error instanceof CoverUploadError) throw error;
    if (controller.signal.aborted) throw new CoverUploadError(EPISODE_CREATOR_MESSAGES.coverTimedOut, true);
    throw new CoverUploadError(EPISODE_CREATOR_MESSAGES.coverUploadFailed);
  } finally {
    clearTimeout(timer);
  }
}
