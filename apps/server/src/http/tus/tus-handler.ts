import type { MikroORM } from '@mikro-orm/postgresql';
import { Server, type ServerOptions } from '@tus/server';
import type { Upload } from '@tus/utils';
import { BYTES_PER_MB, MEDIA, MESSAGES, ZTusUploadMetadata } from '@ppp/contracts';
import type { SharedDeps } from '../../domain/services.ts';
import { AppError } from '../../domain/errors.ts';
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
  handle(req: Request): Promise<Response>;
  server: Server;
  close(): Promise<void>;
}

/**
 * The tus endpoint at /files/ on the local folder or the S3 bucket (tusStorageFor): bearer auth on every request, each upload owned
 * by the user who created it (others get 404), the category rules checked at creation (size) and at
 * the end (content probe), then the file becomes a media item and main content is queued.
 */
export function createTusHandler(orm: MikroORM, shared: SharedDeps, clientIp: (req: Request) => string): TusHandler {
  const tus = tusStorageFor(shared.config);
  const { datastore } = tus;
  const contexts = new WeakMap<Request, RequestContext>();

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
  }

  const locker = new PgAdvisoryLocker(orm);
  const options: ServerOptions & { datastore: typeof datastore } = {
    path: '/files',
    datastore,
    locker,
    relativeLocation: true,
    respectForwardedHeaders: shared.config.TRUST_PROXY,
    disableTerminationForFinishedUploads: true,
    async maxSize(req) {
      const settings = await (await contextFor(req)).services.settings.get();
      return Math.max(settings.max_upload_mb, MEDIA.libraryMaxMb) * BYTES_PER_MB;
    },
    async onIncomingRequest(req, id) {
      if (req.method === 'POST') await contextFor(req);
      else await assertOwner(req, id);
    },
    async onUploadCreate(req, upload) {
      const { user, services } = await contextFor(req);
      const meta = ZTusUploadMetadata.safeParse(upload.metadata ?? {});
      if (!meta.success) throw { status_code: 422, body: meta.error.issues[0]?.message ?? 'Invalid upload metadata' } satisfies TusRefusal;
      try {
        await services.uploads.preflight(meta.data.category, meta.data.filename, upload.size, meta.data.friendly_name);
        // A queue already full of unused uploads refuses before any byte is sent (the length is checked at the end).
        if (meta.data.category === 'main_content') await services.uploadQueue.assertNotFull(user);
      } catch (error) {
        throw refusal(error);
      }
      return { metadata: { ...upload.metadata, owner: user.id } };
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
      }
    },
  };
  const server = new Server(options);
  return {
    server,
    // The tus protocol answers a PATCH whose body is not application/offset+octet-stream with 415 (tus answers 400).
    handle: (req) =>
      req.method === 'PATCH' && req.headers.get('content-type') !== 'application/offset+octet-stream'
        ? Promise.resolve(
            new Response('Content-Type must be application/offset+octet-stream.', { status: 415, headers: { 'tus-resumable': '1.0.0' } }),
          )
        : server.handleWeb(req),
    close: () => locker.close(),
  };
}
