import type { MiddlewareHandler } from 'hono';
import { BODY_LIMITS, BYTES_PER_MB, MEDIA, MEDIA_MESSAGES, UPLOADS, ZMediaCategory, type TMediaCategory } from '@ppp/contracts';
import { AppError } from '../domain/errors.ts';
import type { HttpEnv } from './http-env.ts';

interface BodyRule {
  bytes: number;
  message: string;
}

/** Every file one multipart call to a category may carry; the service then checks each file against its own limit. */
export function multipartLimitBytes(category: TMediaCategory): number {
  const overhead = BODY_LIMITS.multipartOverheadBytes;
  if (category === 'cover_art') return MEDIA.coverMaxMb * BYTES_PER_MB + overhead;
  // Main content is checked against the admin's max_upload_mb file by file; the body is bounded by its ceiling.
  if (category === 'main_content') return UPLOADS.maxMaxUploadMb * BYTES_PER_MB + overhead;
  const perFile = category === 'sfx' ? MEDIA.sfxMaxMb : MEDIA.libraryMaxMb;
  return perFile * BYTES_PER_MB * MEDIA.maxFilesPerUpload + overhead;
}

const UNAUTHENTICATED = /^\/api\/(auth|public|waitlist)(\/|$)/;
/** tRPC calls that need no sign-in (sign-in itself, the waitlist): a request holding only those gets the smallest limit. */
const UNAUTHENTICATED_TRPC = /^(auth|public)\./;

function unauthenticated(path: string): boolean {
  if (UNAUTHENTICATED.test(path)) return true;
  const calls = path.startsWith('/trpc/') ? path.slice('/trpc/'.length).split(',') : [];
  return calls.length > 0 && calls.every((call) => UNAUTHENTICATED_TRPC.test(call));
}

const UPLOAD = /^\/api\/media\/upload\/([^/]+)\/?$/;
const TRANSCRIPT = /^\/api\/media\/[^/]+\/transcript\/?$/;
const SHOW_FORM = /^\/api\/podcasts(\/[^/]*)?\/?$/;
const MUSIC_ADMIN_UPLOAD = /^\/api\/admin\/music\/assets\/upload\/?$/;
/** tRPC procedures that take a FormData with files: the twins of the multipart REST uploads (sent unbatched). */
export const TRPC_FORM_CATEGORY: Readonly<Record<string, TMediaCategory>> = {
  'mediaUploads.library': 'main_content',
  'mediaUploads.cover': 'cover_art',
  'mediaUploads.episodeCover': 'cover_art',
  'mediaUploads.transcript': 'music',
  'podcasts.create': 'cover_art',
  'podcasts.update': 'cover_art',
};

/** The one limit of a request path: sign-in and other public routes smallest, uploads their category's, the rest JSON-sized. */
export function bodyRuleFor(path: string, multipart = false): BodyRule {
  const json = { bytes: BODY_LIMITS.jsonBytes, message: BODY_LIMITS.tooLargeMessage };
  // A FormData procedure's files get its REST twin's limit (the library's: the main-content ceiling,
  // each file then checked against its category); the same procedure sent as JSON stays JSON-sized.
  const formCategory = multipart && path.startsWith('/trpc/') ? TRPC_FORM_CATEGORY[path.slice('/trpc/'.length)] : undefined;
  if (formCategory) return { bytes: multipartLimitBytes(formCategory), message: MEDIA_MESSAGES.fileTooLarge };
  if (unauthenticated(path)) return { bytes: BODY_LIMITS.unauthenticatedBytes, message: BODY_LIMITS.tooLargeMessage };
  const upload = UPLOAD.exec(path);
  if (upload) {
    const name = upload[1] === 'episode_cover' ? 'cover_art' : upload[1];
    const category = ZMediaCategory.safeParse(name);
    return category.success ? { bytes: multipartLimitBytes(category.data), message: MEDIA_MESSAGES.fileTooLarge } : json;
  }
  if (TRANSCRIPT.test(path)) return { bytes: multipartLimitBytes('music'), message: MEDIA_MESSAGES.fileTooLarge };
  // One bed for the shared library: a music file's limit.
  if (MUSIC_ADMIN_UPLOAD.test(path))
    return { bytes: MEDIA.libraryMaxMb * BYTES_PER_MB + BODY_LIMITS.multipartOverheadBytes, message: MEDIA_MESSAGES.fileTooLarge };
  if (SHOW_FORM.test(path)) return { bytes: multipartLimitBytes('cover_art'), message: MEDIA_MESSAGES.fileTooLarge };
  return json;
}

/**
 * A body sent without a length (chunked) counted as the handler reads it, never gathered here: past
 * `limit` bytes its stream fails with `tooLarge()` and stops reading (the source is left as it is, so
 * the 413 still reaches the client), and `onOverflow` is told.
 */
function countedBody(body: ReadableStream<Uint8Array>, limit: number, tooLarge: () => Error): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      size += value.byteLength;
      if (size > limit) {
        reader.releaseLock();
        return controller.error(tooLarge());
      }
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

const tooLargeResponse = (rule: BodyRule) =>
  new Response(JSON.stringify({ detail: rule.message, code: 'PAYLOAD_TOO_LARGE' }), {
    status: 413,
    headers: { 'content-type': 'application/json' },
  });

/**
 * A body limit on every route before any handler reads a byte: a declared Content-Length over the
 * route's limit is refused at once; a body sent without one (chunked, as fetch sends a FormData or a
 * stream) is counted as it streams and refused the moment it passes the limit, whatever reads it
 * (JSON, a form, tRPC, the multipart reader that streams files to disk). Nothing is buffered here.
 * One rule per request (tus uploads under /files check their own length and offset).
 */
export function bodyLimits(): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.path.startsWith('/files')) return next();
    const multipart = (c.req.header('content-type') ?? '').startsWith('multipart/form-data');
    const rule = bodyRuleFor(c.req.path, multipart);
    const declared = c.req.header('content-length');
    if (declared !== undefined && !c.req.header('transfer-encoding')) {
      return Number(declared) > rule.bytes ? tooLargeResponse(rule) : next();
    }
    const body = c.req.raw.body;
    if (!body) return next();
    let overflowed = false;
    const counted = countedBody(body, rule.bytes, () => {
      overflowed = true;
      return new AppError('PAYLOAD_TOO_LARGE', rule.message);
    });
    c.req.raw = new Request(c.req.raw, { body: counted, duplex: 'half' } as RequestInit);
    await next();
    // Whatever the reader made of the failed stream (a form parser's 400, tRPC's error), the answer is the 413.
    if (overflowed) {
      await c.res.body?.cancel().catch(() => undefined);
      c.res = undefined;
      c.res = tooLargeResponse(rule);
    }
  };
}
