import { createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import type { MetadataValue } from '@tus/s3-store';
import { createLogger } from '../../logger.ts';
import { DurableTailS3Store } from './durable-tail-s3-store.ts';
import { ERRORS, type DataStore, type KvStore } from '@tus/utils';
import { UNFINISHED_UPLOADS } from '@ppp/contracts';
import { scratchDir, storageDir, type TConfig } from '../../config.ts';
import { S3Storage } from './s3-storage.ts';
import { s3SettingsOf, type S3Settings } from './s3-settings.ts';
import { ScratchFolder } from './scratch.ts';

/**
 * The tus stores' own expiry, from an upload's creation: a backstop behind the idle cleanup
 * (UnfinishedUploads.removeIdle), which removes an upload that received nothing for hours.
 */
const EXPIRY_MS = UNFINISHED_UPLOADS.maxAgeDays * 24 * 60 * 60 * 1000;

/**
 * Where partial tus uploads live, and what becomes of a finished one: the upload checks read it as a
 * local file, then it is moved into storage as a media item (forget) or dropped whole (discard).
 */
export interface TusStorage {
  datastore: DataStore;
  finishedFile(id: string): Promise<{ path: string; release: () => Promise<void> }>;
  /** A finished upload became a media item: its own records go. */
  forget(id: string): Promise<void>;
  /** A finished upload was refused: nothing of it stays. */
  discard(id: string): Promise<void>;
  /** An unfinished upload is given up (past its limit, abandoned): nothing of it stays, and one already gone is no error. */
  abandon(id: string): Promise<void>;
  /** Removes the partial uploads past the stores' own expiry (UNFINISHED_UPLOADS.maxAgeDays after their creation). */
  deleteExpired(): Promise<number>;
}

/** Where partial tus uploads live on the local folder (a flat folder with a .json beside each file); state survives restarts. */
export function tusDirectory(config: TConfig): string {
  return path.join(storageDir(config), 'tus');
}

/** How much of a chunk is buffered toward its file before the request is paused (Node's default is 16 kB). */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/**
 * tus's file store writing a chunk straight into its file through a 1 MB buffer. The stock write
 * adds a counting step and keeps Node's 16 kB buffer, so the request was paused after every 64 kB
 * the socket read: together with the copies of a web body, half the floor's speed (issue 20,
 * bench/tus-upload.bench.ts). The bytes written are the file stream's own count.
 */
class ChunkFileStore extends FileStore {
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    if (path.basename(id) !== id) throw ERRORS.FILE_NOT_FOUND;
    const file = createWriteStream(path.join(this.directory, id), { flags: 'r+', start: offset, highWaterMark: WRITE_BUFFER_BYTES });
    try {
      await pipeline(readable, file);
    } catch {
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + file.bytesWritten;
  }
}

function fileTusStorage(config: TConfig): TusStorage {
  const datastore = new ChunkFileStore({ directory: tusDirectory(config), expirationPeriodInMilliseconds: EXPIRY_MS });
  return {
    datastore,
    finishedFile: async (id) => ({ path: path.join(tusDirectory(config), id), release: async () => undefined }),
    forget: (id) => datastore.configstore.delete(id),
    discard: (id) => datastore.remove(id),
    abandon: async (id) => {
      await datastore.remove(id).catch(() => datastore.configstore.delete(id).catch(() => undefined));
    },
    deleteExpired: () => datastore.deleteExpired(),
  };
}

/**
 * No cache of upload records in this process: with several servers behind a load balancer, the
 * next chunk of an upload may come to any of them, so each reads the record from the bucket.
 */
const noCache: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
};

/**
 * Partial uploads as S3 multipart uploads in the bucket ({id}, {id}.info, {id}.part for a tail under
 * the 5 MiB part minimum), so any server can take any chunk and an upload survives restarts.
 * No object tags (R2 and B2 have none); expired multipart uploads are aborted by the cleanup job.
 */
function s3TusStorage(config: TConfig, settings: S3Settings): TusStorage {
  const logger = createLogger('tus', config.LOG_LEVEL, { format: config.LOG_FORMAT });
  const datastore = new DurableTailS3Store(
    {
      s3ClientConfig: { ...settings.clientConfig, bucket: settings.bucket },
      cache: noCache,
      useTags: false,
      expirationPeriodInMilliseconds: EXPIRY_MS,
    },
    (msg) => logger.warn(msg),
  );
  const bucket = new S3Storage(settings, new ScratchFolder(scratchDir(config)));
  const removeObjects = async (id: string) => {
    await Promise.all([id, `${id}.info`, `${id}.part`].map((key) => bucket.delete(key)));
  };
  return {
    datastore,
    finishedFile: (id) => bucket.localPath(id),
    forget: removeObjects,
    discard: removeObjects,
    // The multipart upload aborted, then whatever objects it left ({id}.part among them).
    abandon: async (id) => {
      await datastore.remove(id).catch(() => undefined);
      await removeObjects(id);
    },
    deleteExpired: () => datastore.deleteExpired(),
  };
}

export function tusStorageFor(config: TConfig): TusStorage {
  const s3 = s3SettingsOf(config);
  return s3 ? s3TusStorage(config, s3) : fileTusStorage(config);
}
