import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Context } from 'hono';
import { parseAccept } from 'hono/utils/accept';

/** Bytes the server keeps between calls (a kept Episode History page) and their strong ETag. */
export interface KeptBody {
  json: Uint8Array<ArrayBuffer>;
  etag: string;
}

const gzipAsync = promisify(gzip);

/** Each kept body's gzip, made once (off the event loop) and dropped with the body. */
const gzipped = new WeakMap<Uint8Array, Promise<Uint8Array<ArrayBuffer>>>();

function gzipOf(json: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  let made = gzipped.get(json);
  if (!made) {
    made = gzipAsync(json).then((buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength) as Uint8Array<ArrayBuffer>);
    gzipped.set(json, made);
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
 * Sends a kept JSON body: gzipped when the client accepts it, from a gzip made once per kept body
 * rather than on every call (compress passes an answer that already has its encoding). The gzip is
 * another representation, so its ETag is the weak form of the same validator, as compress gives.
 */
export async function sendKeptJson(c: Context, kept: KeptBody): Promise<Response> {
  const headers = { 'content-type': 'application/json', vary: 'Accept-Encoding' };
  if (c.req.method !== 'HEAD' && acceptsGzip(c.req.header('accept-encoding'))) {
    return c.body(await gzipOf(kept.json), 200, { ...headers, 'content-encoding': 'gzip', etag: `W/${kept.etag}` });
  }
  return c.body(kept.json, 200, { ...headers, etag: kept.etag });
}
