import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type Writable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { SPEECH_MODEL_MESSAGES } from '@ppp/contracts';
import type { CatalogueEntry, PinnedDigest } from './catalogue.ts';
import { checkGgmlFile } from './model-check.ts';

/** Why a download stopped: network problems are retried and keep the partial file; the others remove it. */
export type DownloadFailure = 'network' | 'digest' | 'disk-full' | 'bad-file';

export class ModelDownloadError extends Error {
  readonly failure: DownloadFailure;
  constructor(failure: DownloadFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ModelDownloadError';
    this.failure = failure;
  }
}

export interface DownloadProgress {
  bytesDone: number;
  bytesTotal: number;
  /** Bytes per second over the current attempt; null before the first second of data. */
  rateBytesPerSecond: number | null;
}

/** What the downloader reaches the world through; tests replace the writer to simulate a full disk. */
export interface DownloadIo {
  fetch: typeof fetch;
  /** Opens the partial file for writing, appending when resuming. */
  openWriter: (file: string, append: boolean) => Writable;
}

export const defaultDownloadIo: DownloadIo = {
  fetch: (input, init) => fetch(input, init),
  openWriter: (file, append) => createWriteStream(file, { flags: append ? 'a' : 'w' }),
};

export interface DownloadRequest {
  entry: CatalogueEntry;
  url: string;
  /** The model's final place in MODELS_DIR; the bytes arrive in `${target}.part` first. */
  target: string;
  onProgress: (progress: DownloadProgress) => void;
  io?: DownloadIo;
  /** Attempts in all when the connection fails (each resumes where the last stopped). */
  attempts?: number;
  retryDelayMs?: number;
  /** No byte for this long ends the attempt (a stalled connection). */
  idleTimeoutMs?: number;
}

export const partPathOf = (target: string) => `${target}.part`;

const sizeOf = (file: string) =>
  stat(file).then(
    (s) => s.size,
    () => 0,
  );

const reasonOf = (error: unknown): string => {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
};

const isDiskFull = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOSPC';

/** The file's digest under the pinned algorithm, read as a stream (a 500 MB model costs no memory). */
export async function digestOf(file: string, algorithm: PinnedDigest['algorithm']): Promise<string> {
  const hash = createHash(algorithm);
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Refuses before the first byte when the folder's free space cannot hold what is still missing. */
async function ensureRoom(dir: string, entry: CatalogueEntry, have: number): Promise<void> {
  const fs = await statfs(dir).catch(() => null);
  if (fs && fs.bavail * fs.bsize < entry.sizeBytes - have) {
    throw new ModelDownloadError('disk-full', SPEECH_MODEL_MESSAGES.diskFull(entry.name, dir));
  }
}

/** One GET: from where the partial file ends (HTTP Range), appended; resolves once the body is written. */
async function attempt(request: DownloadRequest, io: DownloadIo): Promise<void> {
  const { entry, url } = request;
  const part = partPathOf(request.target);
  let have = await sizeOf(part);
  if (have > entry.sizeBytes) {
    await rm(part, { force: true });
    have = 0;
  }
  if (have === entry.sizeBytes) return;
  const abort = new AbortController();
  let idle: NodeJS.Timeout | undefined;
  const stall = () => {
    clearTimeout(idle);
    idle = setTimeout(() => abort.abort(new Error('no data received for a while')), request.idleTimeoutMs ?? 60_000);
  };
  stall();
  try {
    const response = await io.fetch(url, { headers: have > 0 ? { range: `bytes=${have}-` } : {}, signal: abort.signal });
    if (response.status === 416) {
      // The server has nothing past our end: the partial file is not a prefix of its file.
      await rm(part, { force: true });
      throw new ModelDownloadError('network', `HTTP 416 from ${new URL(url).host}`);
    }
    if (!response.ok || !response.body) throw new ModelDownloadError('network', `HTTP ${response.status} from ${new URL(url).host}`);
    const resumed = have > 0 && response.status === 206;
    const started = Date.now();
    let received = 0;
    let done = resumed ? have : 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        stall();
        received += chunk.length;
        done += chunk.length;
        const seconds = (Date.now() - started) / 1000;
        request.onProgress({ bytesDone: done, bytesTotal: entry.sizeBytes, rateBytesPerSecond: seconds >= 1 ? received / seconds : null });
        callback(null, chunk);
      },
    });
    await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), counter, io.openWriter(part, resumed));
  } finally {
    clearTimeout(idle);
  }
}

/** Digest, size and ggml header of the finished partial file; any failure removes it. */
async function verify(entry: CatalogueEntry, part: string): Promise<void> {
  const size = await sizeOf(part);
  if (size !== entry.sizeBytes) {
    await rm(part, { force: true });
    throw new ModelDownloadError('digest', SPEECH_MODEL_MESSAGES.downloadSize(entry.name, entry.sizeBytes, size));
  }
  const actual = await digestOf(part, entry.digest.algorithm);
  if (actual !== entry.digest.digest) {
    await rm(part, { force: true });
    throw new ModelDownloadError(
      'digest',
      SPEECH_MODEL_MESSAGES.digestMismatch(entry.name, entry.digest.algorithm, entry.digest.digest, actual),
    );
  }
  const problem = await checkGgmlFile(part);
  if (problem) {
    await rm(part, { force: true });
    throw new ModelDownloadError('bad-file', SPEECH_MODEL_MESSAGES.badFile(entry.name, problem));
  }
}

/**
 * Downloads one catalogue model into place: resumable from `<target>.part` with HTTP Range (a cut
 * connection is retried from where it stopped), verified against the pinned digest and the ggml
 * header before the rename makes it visible. A digest mismatch or a full disk removes the partial file.
 */
export async function downloadModel(request: DownloadRequest, onVerifying: () => void = () => undefined): Promise<void> {
  const io = request.io ?? defaultDownloadIo;
  const part = partPathOf(request.target);
  const attempts = request.attempts ?? 4;
  await ensureRoom(path.dirname(request.target), request.entry, await sizeOf(part));
  for (let n = 1; ; n++) {
    try {
      await attempt(request, io);
      break;
    } catch (error) {
      if (isDiskFull(error)) {
        await rm(part, { force: true });
        throw new ModelDownloadError('disk-full', SPEECH_MODEL_MESSAGES.diskFull(request.entry.name, path.dirname(request.target)), {
          cause: error,
        });
      }
      if (n >= attempts) {
        throw new ModelDownloadError('network', SPEECH_MODEL_MESSAGES.downloadFailed(request.entry.name, reasonOf(error)), {
          cause: error,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, (request.retryDelayMs ?? 2_000) * n));
    }
  }
  onVerifying();
  await verify(request.entry, part);
  await rename(part, request.target);
}
