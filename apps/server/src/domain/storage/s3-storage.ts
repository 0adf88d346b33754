import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createReadStream, createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertListablePrefix, assertSafeKey } from './local-storage.ts';
import type { S3Settings } from './s3-settings.ts';
import type { ScratchFolder } from './scratch.ts';
import type { ByteRange, ListedObject, StoragePort, StoredObject } from './storage.ts';

/** DeleteObjects takes at most 1000 keys per call. */
const DELETE_BATCH = 1000;

export function isS3NotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
  );
}

/**
 * S3-compatible object storage (AWS S3, MinIO, R2, B2, Garage) under the same keys as the local
 * folder. An object becomes visible only whole, when its PutObject or multipart upload completes
 * (lib-storage aborts the multipart upload when the source fails), so a reader never sees half a
 * file. ffmpeg's inputs are copied to this process's scratch folder and removed on release.
 */
export class S3Storage implements StoragePort {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly scratch: ScratchFolder;

  constructor(settings: S3Settings, scratch: ScratchFolder) {
    this.client = new S3Client(settings.clientConfig);
    this.bucket = settings.bucket;
    this.scratch = scratch;
  }

  private async upload(key: string, body: Readable): Promise<StoredObject> {
    assertSafeKey(key);
    await new Upload({ client: this.client, params: { Bucket: this.bucket, Key: key, Body: body } }).done();
    const info = await this.stat(key);
    if (!info) throw new Error(`Stored object vanished: ${key}`);
    return info;
  }

  async putFile(key: string, sourcePath: string): Promise<StoredObject> {
    const stored = await this.upload(key, createReadStream(sourcePath));
    await unlink(sourcePath);
    return stored;
  }

  putStream(key: string, source: Readable | ReadableStream<Uint8Array>): Promise<StoredObject> {
    const readable = source instanceof Readable ? source : Readable.fromWeb(source as WebReadableStream<Uint8Array>);
    return this.upload(key, readable);
  }

  async putBytes(key: string, bytes: Uint8Array | string): Promise<StoredObject> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: typeof bytes === 'string' ? Buffer.from(bytes) : bytes }),
    );
    const info = await this.stat(key);
    if (!info) throw new Error(`Stored object vanished: ${key}`);
    return info;
  }

  async stat(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isS3NotFound(error)) return null;
      // A HEAD answer has no body, so the SDK can only say 'UnknownError': say what a 403 means.
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 403)
        throw new Error(
          `The S3 server refused access to bucket ${this.bucket} (HTTP 403): check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the bucket's policy`,
          { cause: error },
        );
      throw error;
    }
  }

  read(key: string, range?: ByteRange): Readable {
    assertSafeKey(key);
    const { client, bucket } = this;
    // The port reads synchronously; the request starts when the stream is first read.
    async function* body(): AsyncGenerator<Buffer> {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error(`No body for ${key}`);
      yield* answer.Body;
    }
    return Readable.from(body(), { objectMode: false });
  }

  async readBytes(key: string): Promise<Buffer> {
    assertSafeKey(key);
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    if (!answer.Body) throw new Error(`No body for ${key}`);
    return Buffer.from(await answer.Body.transformToByteArray());
  }

  /** The object copied into the scratch folder, counted against its limit (ScratchFullError when it does not fit). */
  async localPath(key: string): Promise<{ path: string; release: () => Promise<void> }> {
    const info = await this.stat(key);
    if (!info) throw new Error(`No stored object ${key}`);
    const copy = await this.scratch.reserve(path.basename(key), info.size);
    try {
      await pipeline(this.read(key), createWriteStream(copy.path));
    } catch (error) {
      await copy.release();
      throw error;
    }
    return copy;
  }

  async delete(keyOrPrefix: string): Promise<void> {
    if (!keyOrPrefix.endsWith('/')) {
      assertSafeKey(keyOrPrefix);
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: keyOrPrefix }));
      return;
    }
    let batch: string[] = [];
    for await (const { key } of this.list(keyOrPrefix)) {
      batch.push(key);
      if (batch.length === DELETE_BATCH) {
        await this.deleteKeys(batch);
        batch = [];
      }
    }
    if (batch.length) await this.deleteKeys(batch);
  }

  private async deleteKeys(keys: string[]): Promise<void> {
    const answer = await this.client.send(
      new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Quiet: true, Objects: keys.map((Key) => ({ Key })) } }),
    );
    const failed = answer.Errors?.[0];
    if (failed) throw new Error(`Could not delete ${failed.Key}: ${failed.Code} ${failed.Message}`);
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    assertListablePrefix(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const item of page.Contents ?? []) {
        if (item.Key) yield { key: item.Key, size: item.Size ?? 0, modifiedAt: item.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
