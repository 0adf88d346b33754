import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Context } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { etagMatches } from './conditional.ts';

/** An answer the server keeps between calls (a kept Episode History page, a kept feed). */
export interface KeptAnswer {
  /** The kept object the bytes belong to: their gzip is kept as long as it lives. */
  owner: object;
  body: string | Uint8Array<ArrayBuffer>;
  /** A strong validator of the body. */
  etag: string;
  headers: Record<string, string>;
}

const gzipAsync = promisify(gzip);

/** Each kept answer's gzip, made once (off the event loop) and dropped with the answer. */
const gzipped = new WeakMap<object, Promise<Uint8Array<ArrayBuffer>>>();

function gzipOf(answer: KeptAnswer): Promise<Uint8Array<ArrayBuffer>> {
  let made = gzipped.get(answer.owner);
  if (!made) {
    made = gzipAsync(answer.body).then(
      (buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength) as Uint8Array<ArrayBuffer>,
    );
    gzipped.set(answer.owner, made);
  }
  return made;
}

function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const accepts = parseAccept(header);
  const q = accepts.find((a) => a.type.toLowerCase() === 'gzip')?.q ?? accepts.find((a) => a.type === '*')?.q ?? 0;
  return q > 0;
}

/**
 * Sends a kept answer: gzipped when the client accepts it, from a gzip made once per kept answer
 * rather than on every call (compress passes an answer that already has its encoding). The gzip is
 * another representation, so its ETag is the weak form of the same validator, as compress gives.
 */
export async function sendKept(c: Context, answer: KeptAnswer): Promise<Response> {
  const headers = { ...answer.headers, vary: 'Accept-Encoding' };
  const gzip = acceptsGzip(c.req.header('accept-encoding'));
  const etag = gzip ? `W/${answer.etag}` : answer.etag;
  if (c.req.method === 'HEAD') {
    // HEAD says what GET would send (RFC 9110 §9.3.2), its length included (issue 36: directories read it).
    const length = gzip ? (await gzipOf(answer)).byteLength : Buffer.byteLength(answer.body);
    const encoding: Record<string, string> = gzip ? { 'content-encoding': 'gzip' } : {};
    return c.body(null, 200, { ...headers, ...encoding, etag, 'content-length': String(length) });
  }
  if (etagMatches(c.req.header('if-none-match'), answer.etag)) return notModified(c, headers, etag);
  if (gzip) return c.body(await gzipOf(answer), 200, { ...headers, 'content-encoding': 'gzip', etag });
  return c.body(answer.body, 200, { ...headers, etag });
}

/** 304: the headers a 200 would have carried that RFC 9110 §15.4.5 keeps (ETag, Cache-Control, Vary). */
function notModified(c: Context, headers: Record<string, string>, etag: string): Response {
  const kept: Record<string, string> = { etag, vary: headers.vary ?? 'Accept-Encoding' };
  if (headers['cache-control']) kept['cache-control'] = headers['cache-control'];
  return c.body(null, 304, kept);
}
