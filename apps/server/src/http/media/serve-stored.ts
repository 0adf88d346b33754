import type { Context } from 'hono';
import { z } from 'zod';
import { Readable } from 'node:stream';
import type { StoragePort } from '../../domain/storage/storage.ts';
import { AppError } from '../../domain/errors.ts';
import { etagOf, parseByteRange } from './byte-range.ts';
import { etagMatches } from '../conditional.ts';
import type { PathParams, RestInput } from '../rest/route.ts';

/** The query of a signed file URL (its expiry and signature), as the OpenAPI document shows it. */
export const ZSignedQuery = z.object({ expires: z.string().optional(), sig: z.string().optional() });

/** What a route serving a signed file gets: its path's params and the signed query. */
export type SignedInput<Path extends string> = RestInput<PathParams<Path>, z.output<typeof ZSignedQuery>>;

export interface ServeOptions {
  key: string;
  contentType: string;
  /** private for a user's media, public for covers. */
  cacheControl: string;
  downloadName?: string;
}

/** Streams a stored file with range support: 206 and Content-Range for a range, 416 when unsatisfiable, 304 on a matching ETag. */
export async function serveStored(c: Context, storage: StoragePort, options: ServeOptions): Promise<Response> {
  const info = await storage.stat(options.key);
  if (!info) throw new AppError('NOT_FOUND', 'Not found');
  const etag = etagOf(info.size, info.modifiedAt);
  const headers = new Headers({
    'accept-ranges': 'bytes',
    etag,
    'last-modified': info.modifiedAt.toUTCString(),
    'content-type': options.contentType,
    'cache-control': options.cacheControl,
  });
  if (options.downloadName) headers.set('content-disposition', `inline; filename="${options.downloadName.replace(/[^\w.-]+/g, '_')}"`);
  if (etagMatches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  // If-Range: the range only holds for the same version of the file.
  const ifRange = c.req.header('if-range');
  const range = ifRange && ifRange !== etag ? null : parseByteRange(c.req.header('range'), info.size);
  if (range === 'unsatisfiable') {
    headers.set('content-range', `bytes */${info.size}`);
    return new Response(null, { status: 416, headers });
  }
  const head = c.req.method === 'HEAD';
  if (range) {
    headers.set('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
    headers.set('content-length', String(range.end - range.start + 1));
    const body = head ? null : (Readable.toWeb(storage.read(options.key, range)) as ReadableStream);
    return new Response(body, { status: 206, headers });
  }
  headers.set('content-length', String(info.size));
  const body = head ? null : (Readable.toWeb(storage.read(options.key)) as ReadableStream);
  return new Response(body, { status: 200, headers });
}
