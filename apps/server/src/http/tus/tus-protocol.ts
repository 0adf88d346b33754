import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EXPOSED_HEADERS } from '@tus/utils';
import { TUS_MESSAGES, TUS_PROTOCOL } from '@ppp/contracts';
import type { FinishedUpload } from '../../domain/media/finished-uploads.repository.ts';

/** The headers every tus answer carries, with the media item's header readable by a browser. */
const BASE_HEADERS = {
  'Tus-Resumable': '1.0.0',
  'Cache-Control': 'no-store',
  'Access-Control-Expose-Headers': `${EXPOSED_HEADERS}, ${TUS_PROTOCOL.mediaIdHeader}`,
};

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { ...BASE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', ...headers } });

/**
 * What tus itself no longer knows, answered for a day after the upload finished: HEAD complete
 * (Upload-Offset = Upload-Length) with the media item it became, a PATCH at its end acknowledged as
 * the one whose answer was lost (204, nothing written), any other offset a 409, and no termination.
 */
export function finishedAnswer(method: string, req: Request, finished: FinishedUpload): Response | null {
  const whole = { 'Upload-Offset': String(finished.length), [TUS_PROTOCOL.mediaIdHeader]: finished.mediaId };
  if (method === 'HEAD')
    return new Response(null, { status: 200, headers: { ...BASE_HEADERS, ...whole, 'Upload-Length': String(finished.length) } });
  if (method === 'PATCH') {
    if (Number(req.headers.get('upload-offset')) !== finished.length)
      return plain(409, 'Upload-Offset conflict: the upload is finished.', whole);
    return new Response(null, { status: 204, headers: { ...BASE_HEADERS, ...whole } });
  }
  if (method === 'DELETE') return plain(400, TUS_MESSAGES.finishedNotTerminated, whole);
  return null;
}

/** OPTIONS says the checksum extension and its algorithm beside tus's own extensions. */
export function withChecksumExtension(res: Response): Response {
  const extensions = res.headers.get('tus-extension');
  if (extensions !== null) {
    res.headers.set('Tus-Extension', `${extensions},checksum`);
    res.headers.set('Tus-Checksum-Algorithm', TUS_PROTOCOL.checksumAlgorithms.join(','));
  }
  return res;
}

/** A chunk ready for tus: the request to hand it, and what to remove once it is handled. */
export type CheckedChunk = { req: Request; release(): Promise<void> } | { refused: Response };

/**
 * The checksum extension: a chunk with Upload-Checksum is spooled to a scratch file while its SHA-1
 * is taken, and handed to tus only when it matches (else 460 and nothing of it is kept); another
 * algorithm is a 400. A chunk without the header goes through untouched.
 */
export async function checkedChunk(req: Request): Promise<CheckedChunk> {
  const header = req.headers.get('upload-checksum');
  if (header === null) return { req, release: async () => undefined };
  const [algorithm, expected, extra] = header.trim().split(/\s+/);
  if (!algorithm || !expected || extra || !(TUS_PROTOCOL.checksumAlgorithms as readonly string[]).includes(algorithm)) {
    return { refused: plain(400, TUS_MESSAGES.checksumUnsupported) };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ppp-tus-chunk-'));
  const release = () => rm(dir, { recursive: true, force: true });
  const file = path.join(dir, 'chunk');
  const hash = createHash(algorithm);
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    const body = req.body ? Readable.fromWeb(req.body as never) : Readable.from([]);
    await pipeline(body, hashing, createWriteStream(file));
  } catch (error) {
    await release();
    throw error;
  }
  if (hash.digest('base64') !== expected) {
    await release();
    return { refused: plain(TUS_PROTOCOL.checksumMismatchStatus, TUS_MESSAGES.checksumMismatch) };
  }
  const spooled = new Request(req.url, {
    method: req.method,
    headers: req.headers,
    body: Readable.toWeb(createReadStream(file)) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  return { req: spooled, release };
}
