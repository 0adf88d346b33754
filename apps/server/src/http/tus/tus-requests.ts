import type { MikroORM } from '@mikro-orm/postgresql';
import { Metadata, type DataStore, type Upload } from '@tus/utils';
import { MESSAGES, ZTusUploadMetadata, type TTusUploadMetadata } from '@ppp/contracts';
import type { SharedDeps } from '../../domain/services.ts';
import { AppError } from '../../domain/errors.ts';
import { UnfinishedUploads } from '../../domain/media/unfinished-uploads.ts';
import { UnfinishedUploadsRepository } from '../../domain/media/unfinished-uploads.repository.ts';
import type { User } from '../../domain/users/user.entity.ts';
import { assertAccess, createRequestContext, type RequestContext } from '../request-context.ts';
import { editsIn, enterWorkspace } from '../workspace.ts';
import { STORAGE_UNAVAILABLE } from '../../domain/storage/durable-tail-s3-store.ts';

/** What tus sends back when a hook refuses: its status and a plain-text body (the spec's words). */
export interface TusRefusal {
  status_code: number;
  body: string;
}

export const NOT_FOUND: TusRefusal = { status_code: 404, body: 'Not found\n' };

/** An AppError as tus's refusal; anything else is thrown on. */
export function refusal(error: unknown): TusRefusal {
  if (error instanceof AppError) return { status_code: error.status, body: error.message };
  throw error;
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
 * What the hooks of one tus request share: its user's context (authenticated once per request, then
 * kept for the request's other hooks) and the upload it is about (read when its owner was checked,
 * or the one its creation makes). Others' uploads are 404.
 */
export class TusRequests {
  private readonly orm: MikroORM;
  private readonly shared: SharedDeps;
  private readonly clientIp: (req: Request) => string;
  private readonly datastore: DataStore;
  private readonly contexts = new WeakMap<Request, RequestContext>();
  private readonly entered = new WeakMap<Request, RequestContext>();
  private readonly uploads = new WeakMap<Request, Upload>();

  constructor(orm: MikroORM, shared: SharedDeps, clientIp: (req: Request) => string, datastore: DataStore) {
    this.orm = orm;
    this.shared = shared;
    this.clientIp = clientIp;
    this.datastore = datastore;
  }

  /** The request's signed-in, active user and services; else the refusal (401, or the account's state). */
  async contextFor(req: Request): Promise<RequestContext & { user: User }> {
    let ctx = this.contexts.get(req);
    if (!ctx) {
      ctx = await createRequestContext(this.orm, this.shared, req.headers, this.clientIp(req));
      this.contexts.set(req, ctx);
    }
    try {
      await assertAccess(ctx, 'active');
      // Every tus request acts in the workspace its x-workspace header names, with `edit` (issue 34):
      // the upload is the owner's, in the owner's storage and limits; a member without it is refused.
      ctx = this.entered.get(req) ?? (await enterWorkspace(ctx, editsIn(), null));
      this.entered.set(req, ctx);
    } catch (error) {
      throw refusal(error);
    }
    if (!ctx.user) throw { status_code: 401, body: MESSAGES.notAuthenticated } satisfies TusRefusal;
    return { ...ctx, user: ctx.user };
  }

  /**
   * The upload `id` belongs to the request's user (else 404), and is kept as the request's. The
   * session and the upload's record are read at the same time (a chunk waits for one, not both);
   * the user's refusal still comes first.
   */
  async assertOwner(req: Request, id: string): Promise<void> {
    // Storage unreachable is the store's 503 (issue 35), never "not yours" (404): the client retries instead of starting over.
    const [{ user }, upload] = await Promise.all([
      this.contextFor(req),
      this.datastore.getUpload(id).catch((error: unknown) => (error === STORAGE_UNAVAILABLE ? ('unavailable' as const) : null)),
    ]);
    if (upload === 'unavailable') throw STORAGE_UNAVAILABLE;
    if (upload?.metadata?.owner !== user.id) throw NOT_FOUND;
    this.uploads.set(req, upload);
  }

  remember(req: Request, upload: Upload): void {
    this.uploads.set(req, upload);
  }

  uploadOf(req: Request): Upload | undefined {
    return this.uploads.get(req);
  }

  /** The metadata of the upload a request is about (a creation's from its header), when it is valid. */
  metadataOf(req: Request): TTusUploadMetadata | null {
    const raw = this.uploads.get(req)?.metadata ?? (req.method === 'POST' ? headerMetadata(req) : null);
    return ZTusUploadMetadata.safeParse(raw ?? {}).data ?? null;
  }

  /** The unfinished uploads' records, through the request's own entity manager when it has one. */
  unfinished(req: Request): UnfinishedUploads {
    return this.contexts.get(req)?.services.unfinishedUploads ?? new UnfinishedUploads(new UnfinishedUploadsRepository(this.orm.em.fork()));
  }
}
