import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { BODY_LIMITS, BYTES_PER_MB, MEDIA, MEDIA_MESSAGES, UPLOADS, ZMediaCategory, type TMediaCategory } from '@ppp/contracts';
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
const UPLOAD = /^\/api\/media\/upload\/([^/]+)\/?$/;
const TRANSCRIPT = /^\/api\/media\/[^/]+\/transcript\/?$/;
const SHOW_FORM = /^\/api\/podcasts(\/[^/]*)?\/?$/;
const MUSIC_ADMIN_UPLOAD = /^\/api\/admin\/music\/assets\/upload\/?$/;
/** tRPC procedures that take a FormData with files: the twins of the multipart REST uploads (sent unbatched). */
const TRPC_FORM_CATEGORY: Readonly<Record<string, TMediaCategory>> = {
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
  if (UNAUTHENTICATED.test(path)) return { bytes: BODY_LIMITS.unauthenticatedBytes, message: BODY_LIMITS.tooLargeMessage };
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
 * A body limit on every route before any handler reads a byte: Hono's bodyLimit refuses at once from
 * Content-Length, and counts a body sent without one as it streams, stopping at the limit. One rule
 * per request (tus uploads under /files check their own length and offset).
 */
export function bodyLimits(): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.path.startsWith('/files')) return next();
    const multipart = (c.req.header('content-type') ?? '').startsWith('multipart/form-data');
    const rule = bodyRuleFor(c.req.path, multipart);
    // A multipart body sent without a length (chunked) is not gathered in memory up to the category's
    // limit here (Hono's bodyLimit would buffer it whole and hand the form reader a copy it fails on);
    // the upload service checks every file's size as it reads the form.
    if (!c.req.header('content-length') && multipart) return next();
    const limiter = bodyLimit({
      maxSize: rule.bytes,
      onError: (ctx) => ctx.json({ detail: rule.message, code: 'PAYLOAD_TOO_LARGE' }, 413),
    });
    return limiter(c, next);
  };
}
