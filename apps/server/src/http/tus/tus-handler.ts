import type { IncomingMessage } from 'node:http';
import { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Server, type ServerOptions } from '@tus/server';
import { ERRORS, Metadata, type Upload } from '@tus/utils';
import { BYTES_PER_MB, MEDIA, MESSAGES, ZTusUploadMetadata, type TTusUploadMetadata } from '@ppp/contracts';
import type { SharedDeps } from '../../domain/services.ts';
import { AppError } from '../../domain/errors.ts';
import { UnfinishedUploads } from '../../domain/media/unfinished-uploads.ts';
import type { User } from '../../domain/users/user.entity.ts';
import { assertAccess, createRequestContext, type RequestContext } from '../request-context.ts';
import { tusStorageFor } from '../../domain/storage/tus-store.ts';
import { PgAdvisoryLocker } from './pg-locker.ts';

/** What tus sends back when a hook refuses: its status and a plain-text body (the spec's words). */
interface TusRefusal {
  status_code: number;
  body: string;
}

const NOT_FOUND: TusRefusal = { status_code: 404, body: 'Not found\n' };

function refusal(error: unknown): TusRefusal {
  if (error instanceof AppError) return { status_code: error.status, body: error.message };
  throw error;
}

export interface TusHandler {
  /** One tus request; `incoming` is the Node request behind it when served by node:http (a chunk's body is read from it). */
  handle(req: Request, incoming?: IncomingMessage): Promise<Response>;
  server: Server;
  close(): Promise<void>;
}

/** Metadata as a creation sends it (the Upload-Metadata header), or null when unreadable. */
function headerMetadata(req: Request): Record<string, string | null> | null {
  try {
    return Metadata.parse(req.headers.get('upload-metadata') ?? undefined);
  } catch {
    return null;
  }
}

/**
 * A chunk's request reading its body straight from the Node request, buffer by buffer as they
 * arrive: hono's own body (Readable.toWeb) copies every buffer the socket reads into a new one,
 * which at upload speed doubled the bytes allocated and the garbage collections they cost
 * (bench/tus-upload.bench.ts). tus turns it back into a Node stream for the store.
 */
function withNodeBody(req: Request, incoming: IncomingMessage): Request {
  return new Request(req.url, {
    method: req.method,
    headers: req.headers,
    body: NodeReadableStream.from<Uint8Array>(incoming),
    duplex: 'half',
  } as RequestInit);
}

/**
 * tus's refusals of an upload past its limit: a length declared over it, a body cut off at it, and
 * (a deferred length only) a chunk whose Content-Length would take the offset past it.
 */
function passedLimit(error: unknown, upload: Upload | undefined): boolean {
  const body = (error as { body?: unknown } | null)?.body;
  return body === ERRORS.ERR_MAX_SIZE_EXCEEDED.body || (body === ERRORS.ERR_SIZE_EXCEEDED.body && upload?.sizeIsDeferred === true);
}

/**
 * The tus endpoint at /files/ on the local folder or the S3 bucket (tusStorageFor): bearer auth on every request, each upload owned
 * by the user who created it (others get 404), the category rules checked at creation (size) and at
 * the end (content probe), then the file becomes a media item and main content is queued. Every
 * upload is held to its category's limit, also one whose length is deferred (cut off, and removed,
 * as its offset passes the limit), and counted among its user's unfinished uploads until it ends.
 */
export function createTusHandler(orm: MikroORM, shared: SharedDeps, clientIp: (req: Request) => string): TusHandler {
  const tus = tusStorageFor(shared.config);
  const { datastore } = tus;
  const contexts = new WeakMap<Request, RequestContext>();
  /** The upload a request is about: read when its owner was checked, or the one its creation makes. */
  const uploads = new WeakMap<Request, Upload>();

  async function contextFor(req: Request): Promise<RequestContext & { user: User }> {
    let ctx = contexts.get(req);
    if (!ctx) {
      ctx = await createRequestContext(orm, shared, req.headers, clientIp(req));
      contexts.set(req, ctx);
    }
    try {
      await assertAccess(ctx, 'active');
    } catch (error) {
      throw refusal(error);
    }
    if (!ctx.user) throw { status_code: 401, body: MESSAGES.notAuthenticated } satisfies TusRefusal;
    return { ...ctx, user: ctx.user };
  }

  async function assertOwner(req: Request, id: string): Promise<void> {
    const { user } = await contextFor(req);
    let upload: Upload;
    try {
      upload = await datastore.getUpload(id);
    } catch {
      throw NOT_FOUND;
    }
    if (upload.metadata?.owner !== user.id) throw NOT_FOUND;
    uploads.set(req, upload);
  }

  /** The metadata of the upload a request is about (a creation's from its header), when it is valid. */
  function metadataOf(req: Request): TTusUploadMetadata | null {
    const raw = uploads.get(req)?.metadata ?? (req.method === 'POST' ? headerMetadata(req) : null);
    return ZTusUploadMetadata.safeParse(raw ?? {}).data ?? null;
  }

  const unfinished = (req: Request) => new UnfinishedUploads(contexts.get(req)?.services.em ?? orm.em.fork());

  const locker = new PgAdvisoryLocker(orm);
  const options: ServerOptions & { datastore: typeof datastore } = {
    path: '/files',
    datastore,
    locker,
    relativeLocation: true,
    respectForwardedHeaders: shared.config.TRUST_PROXY,
    disableTerminationForFinishedUploads: true,
    // The category's own limit (25 MB sfx, 50 MB library, max_upload_mb main content): tus refuses a
    // declared length past it, and cuts off a deferred-length upload as its offset passes it.
    async maxSize(req) {
      const { services } = await contextFor(req);
      const meta = metadataOf(req);
      if (meta) return (await services.uploads.sizeLimit(meta.category)).bytes;
      // Metadata not readable yet: the creation is refused with its reason; meanwhile the largest limit.
      return Math.max((await services.uploads.sizeLimit('main_content')).bytes, MEDIA.libraryMaxMb * BYTES_PER_MB);
    },
    async onIncomingRequest(req, id) {
      if (req.method === 'POST') return void (await contextFor(req));
      await assertOwner(req, id);
      // A chunk arriving: the upload is not abandoned.
      if (req.method === 'PATCH') await unfinished(req).touch(id);
    },
    async onUploadCreate(req, upload) {
      const { user, services } = await contextFor(req);
      const meta = ZTusUploadMetadata.safeParse(upload.metadata ?? {});
      if (!meta.success) throw { status_code: 422, body: meta.error.issues[0]?.message ?? 'Invalid upload metadata' } satisfies TusRefusal;
      try {
        await services.uploads.preflight(meta.data.category, meta.data.filename, upload.size, meta.data.friendly_name);
        // A queue already full of unused uploads refuses before any byte is sent (the length is checked at the end).
        if (meta.data.category === 'main_content') await services.uploadQueue.assertNotFull(user);
        // Counted at what it may grow to: its declared length, else its category's limit.
        const reserved = upload.size ?? (await services.uploads.sizeLimit(meta.data.category)).bytes;
        await unfinished(req).reserve(user.id, upload.id, reserved);
      } catch (error) {
        throw refusal(error);
      }
      uploads.set(req, upload);
      return { metadata: { ...upload.metadata, owner: user.id } };
    },
    async onResponseError(req, error) {
      const upload = uploads.get(req);
      const meta = metadataOf(req);
      if (!meta || !passedLimit(error, upload)) return undefined;
      const { services } = await contextFor(req);
      // A deferred-length upload past its category's limit can never finish: nothing of it stays.
      if (upload?.sizeIsDeferred) {
        await tus.abandon(upload.id);
        await unfinished(req).forget(upload.id);
      }
      return { status_code: 413, body: (await services.uploads.sizeLimit(meta.category)).refuse(meta.filename).message };
    },
    async onUploadFinish(req, upload) {
      const { user, services } = await contextFor(req);
      const meta = ZTusUploadMetadata.parse(upload.metadata ?? {});
      const local = await tus.finishedFile(upload.id);
      const file = { path: local.path, name: meta.filename, size: upload.offset };
      try {
        const item = await services.uploads.acceptOne(user, file, meta);
        await tus.forget(upload.id);
        return { status_code: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(item) };
      } catch (error) {
        // Refused (not audio, too large): nothing of it stays.
        await tus.discard(upload.id).catch(() => undefined);
        throw refusal(error);
      } finally {
        await local.release();
        await unfinished(req).forget(upload.id);
      }
    },
  };
  const server = new Server(options);
  return {
    server,
    // The tus protocol answers a PATCH whose body is not application/offset+octet-stream with 415 (tus answers 400).
    async handle(raw, incoming) {
      if (raw.method === 'PATCH' && raw.headers.get('content-type') !== 'application/offset+octet-stream') {
        return new Response('Content-Type must be application/offset+octet-stream.', {
          status: 415,
          headers: { 'tus-resumable': '1.0.0' },
        });
      }
      const req = raw.method === 'PATCH' && incoming ? withNodeBody(raw, incoming) : raw;
      const res = await server.handleWeb(req);
      const id = new URL(req.url).pathname.split('/').pop() ?? '';
      // A chunk taken (a long one may have taken a while) keeps the upload alive; one cancelled by its creator no longer counts.
      if (req.method === 'PATCH' && res.status === 204) await unfinished(req).touch(id);
      if (req.method === 'DELETE' && res.status === 204) await unfinished(req).forget(id);
      return res;
    },
    close: () => locker.close(),
  };
}
