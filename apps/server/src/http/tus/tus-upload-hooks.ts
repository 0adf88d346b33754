import type { ServerOptions } from '@tus/server';
import { ERRORS, type Upload } from '@tus/utils';
import { BYTES_PER_MB, MEDIA, TUS_PROTOCOL, ZTusUploadMetadata } from '@ppp/contracts';
import type { FinishedUploadsRepository } from '../../domain/media/finished-uploads.repository.ts';
import type { TusStorage } from '../../domain/storage/tus-store.ts';
import { refusal, type TusRefusal, type TusRequests } from './tus-requests.ts';

type Hooks = Required<Pick<ServerOptions, 'maxSize' | 'onIncomingRequest' | 'onUploadCreate' | 'onResponseError' | 'onUploadFinish'>>;

/**
 * tus's refusals of an upload past its limit: a length declared over it, a body cut off at it, and
 * (a deferred length only) a chunk whose Content-Length would take the offset past it.
 */
function passedLimit(error: unknown, upload: Upload | undefined): boolean {
  const body = (error as { body?: unknown } | null)?.body;
  return body === ERRORS.ERR_MAX_SIZE_EXCEEDED.body || (body === ERRORS.ERR_SIZE_EXCEEDED.body && upload?.sizeIsDeferred === true);
}

/**
 * The rules of the product around tus's protocol: every request authenticated and each upload its
 * creator's, the category rules checked at creation (size, names, the user's unfinished uploads)
 * and once at the end (the content probe), then the file becomes a media item. Every upload is held
 * to its category's limit, also one whose length is deferred (cut off, and removed, as its offset
 * passes it). The chunks between pay only for the owner check and the lock.
 */
export class TusUploadHooks {
  private readonly requests: TusRequests;
  private readonly tus: TusStorage;
  private readonly finished: () => FinishedUploadsRepository;

  constructor(requests: TusRequests, tus: TusStorage, finished: () => FinishedUploadsRepository) {
    this.requests = requests;
    this.tus = tus;
    this.finished = finished;
  }

  hooks(): Hooks {
    return {
      maxSize: (req) => this.maxSize(req),
      onIncomingRequest: (req, id) => this.onIncomingRequest(req, id),
      onUploadCreate: (req, upload) => this.onUploadCreate(req, upload),
      onResponseError: (req, error) => this.onResponseError(req, error),
      onUploadFinish: (req, upload) => this.onUploadFinish(req, upload),
    };
  }

  /**
   * The category's own limit (25 MB sfx, 50 MB library, max_upload_mb main content): tus refuses a
   * declared length past it, and cuts off a deferred-length upload as its offset passes it.
   */
  private async maxSize(req: Request): Promise<number> {
    // OPTIONS (a CORS preflight carries no credentials) says no Tus-Max-Size: the limit is the user's category's.
    if (req.method === 'OPTIONS') return 0;
    const { services } = await this.requests.contextFor(req);
    const meta = this.requests.metadataOf(req);
    if (meta) return (await services.uploads.sizeLimit(meta.category)).bytes;
    // Metadata not readable yet: the creation is refused with its reason; meanwhile the largest limit.
    return Math.max((await services.uploads.sizeLimit('main_content')).bytes, MEDIA.libraryMaxMb * BYTES_PER_MB);
  }

  /**
   * A creation needs a signed-in user; any other request, the upload's owner. A chunk is marked as
   * activity as its lock is let go (PgAdvisoryLocker): while it is written the lock keeps the idle
   * cleanup off it (UnfinishedUploads.removeIdle), so no database write of its own is needed.
   */
  private async onIncomingRequest(req: Request, id: string): Promise<void> {
    if (req.method === 'POST') await this.requests.contextFor(req);
    else await this.requests.assertOwner(req, id);
  }

  private async onUploadCreate(req: Request, upload: Upload): Promise<{ metadata: Record<string, string | null> }> {
    const { user, services } = await this.requests.contextFor(req);
    const meta = ZTusUploadMetadata.safeParse(upload.metadata ?? {});
    if (!meta.success) throw { status_code: 422, body: meta.error.issues[0]?.message ?? 'Invalid upload metadata' } satisfies TusRefusal;
    try {
      await services.uploads.preflight(meta.data.category, meta.data.filename, upload.size, meta.data.friendly_name);
      // A queue already full of unused uploads refuses before any byte is sent (the length is checked at the end).
      if (meta.data.category === 'main_content') await services.uploadQueue.assertNotFull(user);
      // Counted at what it may grow to: its declared length, else its category's limit.
      const reserved = upload.size ?? (await services.uploads.sizeLimit(meta.data.category)).bytes;
      await this.requests.unfinished(req).reserve(user.id, upload.id, reserved);
    } catch (error) {
      throw refusal(error);
    }
    this.requests.remember(req, upload);
    return { metadata: { ...upload.metadata, owner: user.id } };
  }

  private async onResponseError(req: Request, error: unknown): Promise<TusRefusal | undefined> {
    const upload = this.requests.uploadOf(req);
    const meta = this.requests.metadataOf(req);
    if (!meta || !passedLimit(error, upload)) return undefined;
    const { services } = await this.requests.contextFor(req);
    // A deferred-length upload past its category's limit can never finish: nothing of it stays.
    if (upload?.sizeIsDeferred) {
      await this.tus.abandon(upload.id);
      await this.requests.unfinished(req).forget(upload.id);
    }
    return { status_code: 413, body: (await services.uploads.sizeLimit(meta.category)).refuse(meta.filename).message };
  }

  /**
   * The whole file is there: checked (the content probe) and stored as a media item, or refused and
   * removed. The PATCH that finished it answers 204 as tus says, naming the media item in a header;
   * the upload answers HEAD complete for a day after (finishedAnswer), so a client whose last answer
   * was lost finds it done instead of sending it again.
   */
  private async onUploadFinish(req: Request, upload: Upload) {
    const { user, services } = await this.requests.contextFor(req);
    const meta = ZTusUploadMetadata.parse(upload.metadata ?? {});
    const local = await this.tus.finishedFile(upload.id);
    const file = { path: local.path, name: meta.filename, size: upload.offset };
    try {
      const item = await services.uploads.acceptOne(user, file, meta);
      await this.finished().record(upload.id, user.id, item.id, upload.offset);
      await this.tus.forget(upload.id);
      return { status_code: 204, headers: { [TUS_PROTOCOL.mediaIdHeader]: item.id } };
    } catch (error) {
      // Refused (not audio, too large): nothing of it stays.
      await this.tus.discard(upload.id).catch(() => undefined);
      throw refusal(error);
    } finally {
      await local.release();
      await this.requests.unfinished(req).forget(upload.id);
    }
  }
}
