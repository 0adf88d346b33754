import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  modifiedAt: Date;
}

/** One key found by listing, with its size. */
export interface ListedObject extends StoredObject {
  key: string;
}

/** An inclusive byte range, as HTTP Range requests name it. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded media and working files live. Keys are relative paths, each under its owner's
 * prefix (users/{userId}/...). The local folder is the default; an S3-compatible store implements
 * the same calls. Every write lands under a temporary name first and is moved into place, so a
 * reader never sees half a file and a job that runs twice overwrites cleanly (on S3 the staging is
 * the upload itself: an object appears only whole, when its PUT or multipart upload completes).
 */
export interface StoragePort {
  /** Moves a finished local file into storage (the tus file, an ffmpeg output). */
  putFile(key: string, sourcePath: string): Promise<StoredObject>;
  /** Writes a stream (a multipart part) and returns its size. */
  putStream(key: string, source: Readable | ReadableStream<Uint8Array>): Promise<StoredObject>;
  putBytes(key: string, bytes: Uint8Array | string): Promise<StoredObject>;
  stat(key: string): Promise<StoredObject | null>;
  read(key: string, range?: ByteRange): Readable;
  readBytes(key: string): Promise<Buffer>;
  /**
   * A path on this machine that ffmpeg can read; the local store answers its own file, a remote
   * store downloads to a scratch file (removed by the returned function).
   */
  localPath(key: string): Promise<{ path: string; release: () => Promise<void> }>;
  /** Deletes one key, or every key under a prefix ending in '/'. Missing keys are fine. */
  delete(keyOrPrefix: string): Promise<void>;
  /** Every key under a prefix ending in '/' ('' for all), with its size (no promised order). */
  list(prefix: string): AsyncIterable<ListedObject>;
}

/** users/{userId}/media/{mediaId}/{name}: one folder per item, so deleting an item is one prefix. */
export function mediaKey(userId: string, mediaId: string, name: string): string {
  return `users/${userId}/media/${mediaId}/${name}`;
}

export function mediaPrefix(userId: string, mediaId: string): string {
  return `users/${userId}/media/${mediaId}/`;
}
