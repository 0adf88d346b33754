import { Upload, type HttpRequest, type HttpResponse } from 'tus-js-client';
import {
  MEDIA_MESSAGES,
  STORAGE_MESSAGES,
  STORAGE_OUTAGE,
  TUS_PROTOCOL,
  uploadFailedStatusMessage,
  type TMediaItem,
  type TTusUploadMetadata,
} from '@ppp/contracts';
import { readToken } from './session.ts';
import { workspaceHeaders } from './workspace-store.ts';

export interface TusCallbacks {
  onProgress(percent: number): void;
  onSuccess(item: TMediaItem): void;
  onError(message: string): void;
  /** The words for a failure no server answered (the connection gone after the retries); spec 001's by default. */
  unanswered?: string;
  /**
   * Storage or the server is unreachable and the upload is being retried (issue 35): the words to show
   * ('Storage is unavailable; retrying…', never the storage's own address), then null once it moves again.
   */
  onRetrying?(message: string | null): void;
}

/** Chunks of 16 MB: fast on a good line, and a dropped connection repeats at most one. */
const CHUNK_SIZE = 16 * 1024 * 1024;

function parseItem(body: string): TMediaItem | null {
  try {
    const item = JSON.parse(body) as TMediaItem | null;
    return typeof item === 'object' && item !== null && typeof item.id === 'string' ? item : null;
  } catch {
    return null;
  }
}

/** The stored file read for a finished upload, or what is wrong with the answer (spec 000 §7 and §8). */
export function uploadedItem(body: string): { item: TMediaItem } | { problem: string } {
  const item = parseItem(body);
  if (!item) return { problem: MEDIA_MESSAGES.uploadNoFileReturned };
  if (!item.filename) return { problem: MEDIA_MESSAGES.uploadMissingFilename };
  return { item };
}

/** The server's words (its refusals are plain text), else 'Upload failed with status {n}', else the spec's fallback. */
export function tusErrorMessage(error: unknown, unanswered: string = MEDIA_MESSAGES.unableToUploadAudio): string {
  const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } | null }).originalResponse;
  if (!response) return unanswered;
  const body = response.getBody()?.trim();
  if (body) {
    try {
      const parsed = JSON.parse(body) as { detail?: string; error?: string; message?: string };
      return parsed.detail ?? parsed.error ?? parsed.message ?? body;
    } catch {
      return body;
    }
  }
  return uploadFailedStatusMessage(response.getStatus());
}

/** The bearer token and the chosen workspace (issue 34), which every request of an upload carries. */
function credentials(): Record<string, string> {
  const token = readToken();
  return { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...workspaceHeaders() };
}

function authorize(req: HttpRequest): void {
  for (const [name, value] of Object.entries(credentials())) req.setHeader(name, value);
}

/**
 * The stored file a finished upload became: tus answers its last PATCH 204 (or, when that answer was
 * lost and the upload resumed, its HEAD) naming the media item in Upload-Media-Id (issue 36), which is
 * then read with the upload's own credentials.
 */
export async function finishedItem(last: Pick<HttpResponse, 'getHeader'>): Promise<{ item: TMediaItem } | { problem: string }> {
  const id = last.getHeader(TUS_PROTOCOL.mediaIdHeader);
  if (!id) return { problem: MEDIA_MESSAGES.uploadNoFileReturned };
  const res = await fetch(`/api/media/${encodeURIComponent(id)}`, { headers: credentials() });
  if (!res.ok) return { problem: uploadFailedStatusMessage(res.status) };
  return uploadedItem(await res.text());
}

/** Tells the callbacks when an outage starts being waited out and when the upload moves again (once each). */
function retryNotice(callbacks: TusCallbacks, cancelled: () => boolean): (now: boolean) => void {
  let retrying = false;
  return (now) => {
    if (now === retrying || cancelled()) return;
    retrying = now;
    callbacks.onRetrying?.(now ? STORAGE_MESSAGES.unavailable : null);
  };
}

/** No answer or a 5xx is an outage (retried, and said as such); a 423 (locked) is retried; a refusal will not change. */
export function shouldRetry(error: unknown, setRetrying: (now: boolean) => void): boolean {
  const status = (error as { originalResponse?: { getStatus(): number } | null }).originalResponse?.getStatus() ?? 0;
  const outage = status === 0 || status >= 500;
  if (outage) setRetrying(true);
  return outage || status === 423;
}

/**
 * Sends one file over tus to /files/ with the bearer token; resumes by fingerprint after a dropped
 * connection or reload. Returns a function that cancels it: the server drops what it holds of the
 * upload (tus termination), also when the cancel comes while the upload is being created, and the
 * callbacks say nothing more.
 */
export function startTusUpload(file: File, metadata: TTusUploadMetadata, callbacks: TusCallbacks): () => void {
  const meta: Record<string, string> = { filename: metadata.filename, category: metadata.category, filetype: file.type };
  if (metadata.friendly_name) meta.friendly_name = metadata.friendly_name;
  if (metadata.notify_when_ready !== undefined) meta.notify_when_ready = String(metadata.notify_when_ready);
  if (metadata.notify_email) meta.notify_email = metadata.notify_email;
  let started = false;
  let cancelled = false;
  const setRetrying = retryNotice(callbacks, () => cancelled);
  // abort(true) sends the DELETE; a failed one leaves the upload to the server's idle cleanup.
  const terminate = () => void upload.abort(true).catch(() => undefined);
  const upload = new Upload(file, {
    endpoint: '/files/',
    chunkSize: CHUNK_SIZE,
    // At least two minutes of retries with backoff (issue 35: a storage outage is waited out, the upload kept).
    retryDelays: [...STORAGE_OUTAGE.clientRetryDelaysMs],
    removeFingerprintOnSuccess: true,
    metadata: meta,
    onBeforeRequest: authorize,
    // Cancelled while its creation was under way: the creation's answer names the upload, which is then terminated.
    onUploadUrlAvailable: () => {
      if (cancelled) terminate();
    },
    onProgress: (sent, total) => {
      if (cancelled) return;
      setRetrying(false);
      callbacks.onProgress(total > 0 ? (sent / total) * 100 : 0);
    },
    onSuccess: (payload) => {
      void finishedItem(payload.lastResponse).then((answer) => {
        if (cancelled) return;
        if ('problem' in answer) callbacks.onError(answer.problem);
        else callbacks.onSuccess(answer.item);
      });
    },
    onError: (error) => {
      setRetrying(false);
      if (!cancelled) callbacks.onError(tusErrorMessage(error, callbacks.unanswered));
    },
    // A refusal (not audio, too large) will not change on retry; no answer or a 5xx is an outage, said as such.
    onShouldRetry: (error) => shouldRetry(error, setRetrying),
  });
  void upload.findPreviousUploads().then((previous) => {
    // Cancelled while the previous uploads were looked up: never started.
    if (cancelled) return;
    const [latest] = previous;
    if (latest) upload.resumeFromPreviousUpload(latest);
    upload.start();
    started = true;
  });
  return () => {
    cancelled = true;
    // A creation under way is left to finish (aborted, the server could keep an upload nobody knows of); the others are stopped now.
    if (!started || upload.url) terminate();
  };
}
