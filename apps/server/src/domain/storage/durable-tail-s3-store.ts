import type { Readable } from 'node:stream';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import { ERRORS } from '@tus/utils';
import { STORAGE_MESSAGES } from '@ppp/contracts';

const NOT_FOUND = new Set(['NoSuchKey', 'NotFound', 'NoSuchUpload']);

function isNotFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, Code } = error as { name?: unknown; Code?: unknown };
  return (typeof name === 'string' && NOT_FOUND.has(name)) || (typeof Code === 'string' && NOT_FOUND.has(Code));
}

/** tus's answer while storage cannot be reached: 503 (the handler adds Retry-After), so clients retry instead of starting over. */
export const STORAGE_UNAVAILABLE = { status_code: 503, body: `${STORAGE_MESSAGES.unavailable}\n` };

const hasStatus = (error: unknown): boolean => typeof error === 'object' && error !== null && 'status_code' in error;
const causeOf = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/**
 * @tus/s3-store with two outage rules (issue 35):
 * - an S3 error other than "no such key" is 503 STORAGE_UNAVAILABLE, never 404 (the stock store
 *   answers any failure to read an upload's record as 404, and the client then starts over);
 * - the acknowledged offset never moves backwards: a PATCH on an upload with a tail under the 5 MiB
 *   part minimum ({id}.part) deletes that tail only once its bytes are stored again (in a new part or
 *   a new tail), so an interrupted PATCH leaves the upload where it was acknowledged.
 * Every failure is logged at WARN with its cause.
 */
export class DurableTailS3Store extends S3Store {
  private readonly writes = new Map<string, { deferredTail: boolean; wroteParts: boolean }>();
  private readonly warn: (msg: string) => void;
  constructor(options: ConstructorParameters<typeof S3Store>[0], warn: (msg: string) => void) {
    super(options);
    this.warn = warn;
  }

  override async getUpload(id: string) {
    try {
      return await super.getUpload(id);
    } catch (error) {
      throw await this.outage('getUpload', id, error);
    }
  }

  override async write(src: Readable, id: string, offset: number): Promise<number> {
    const state = { deferredTail: false, wroteParts: false };
    this.writes.set(id, state);
    try {
      return await super.write(src, id, offset);
    } catch (error) {
      throw await this.outage('write', id, error);
    } finally {
      this.writes.delete(id);
      // The old tail's bytes now begin the first new part: it goes (a new tail overwrote it already).
      if (state.deferredTail && state.wroteParts)
        await super.deleteIncompletePart(id).catch((e: unknown) => this.warn(`tus ${id}: ${causeOf(e)}`));
    }
  }

  override async create(upload: Parameters<S3Store['create']>[0]) {
    try {
      return await super.create(upload);
    } catch (error) {
      throw await this.outage('create', upload.id, error);
    }
  }

  protected override async deleteIncompletePart(id: string): Promise<void> {
    const state = this.writes.get(id);
    if (state) {
      state.deferredTail = true;
      return;
    }
    await super.deleteIncompletePart(id);
  }

  protected override async uploadIncompletePart(id: string, readStream: Parameters<S3Store['uploadIncompletePart']>[1]): Promise<string> {
    const etag = await super.uploadIncompletePart(id, readStream);
    const state = this.writes.get(id);
    if (state) state.deferredTail = false;
    return etag;
  }

  protected override async uploadPart(
    metadata: MetadataValue,
    readStream: Parameters<S3Store['uploadPart']>[1],
    partNumber: number,
  ): Promise<string> {
    const etag = await super.uploadPart(metadata, readStream, partNumber);
    const state = this.writes.get(metadata.file.id);
    if (state) state.wroteParts = true;
    return etag;
  }

  /**
   * What a failed call answers: a real "not found" stays 404 (the stock store's FILE_NOT_FOUND is
   * checked against the bucket: the upload's record must be missing), anything else is 503.
   */
  private async outage(call: string, id: string, error: unknown): Promise<unknown> {
    if (hasStatus(error) && error !== ERRORS.FILE_NOT_FOUND) return error;
    if (isNotFound(error)) return ERRORS.FILE_NOT_FOUND;
    if (error === ERRORS.FILE_NOT_FOUND) {
      const missing = await this.client.headObject({ Bucket: this.bucket, Key: this.infoKey(id) }).then(
        () => false,
        (e: unknown) => (isNotFound(e) ? true : e),
      );
      if (missing === true) return error;
      this.warn(`tus ${call} ${id}: storage unavailable (${missing === false ? 'the upload record could not be read' : causeOf(missing)})`);
      return STORAGE_UNAVAILABLE;
    }
    this.warn(`tus ${call} ${id}: storage unavailable (${causeOf(error)})`);
    return STORAGE_UNAVAILABLE;
  }
}
