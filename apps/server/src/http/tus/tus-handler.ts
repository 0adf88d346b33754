import type { IncomingMessage } from 'node:http';
import { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Server } from '@tus/server';
import { RETRY_AFTER_DEFAULT_SECONDS, STORAGE_OUTAGE, TUS_PROTOCOL } from '@ppp/contracts';
import type { SharedDeps } from '../../domain/services.ts';
import { tusStorageFor } from '../../domain/storage/tus-store.ts';
import { PgAdvisoryLocker } from './pg-locker.ts';
import { TusRequests } from './tus-requests.ts';
import { TusUploadHooks } from './tus-upload-hooks.ts';
import { checkedChunk, finishedAnswer, withChecksumExtension } from './tus-protocol.ts';
import { FinishedUploadsRepository } from '../../domain/media/finished-uploads.repository.ts';

export interface TusHandler {
  /** One tus request; `incoming` is the Node request behind it when served by node:http (a chunk's body is read from it). */
  handle(req: Request, incoming?: IncomingMessage): Promise<Response>;
  server: Server;
  close(): Promise<void>;
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

/** The finished uploads' records, on an entity manager of their own. */
type FinishedRecords = () => FinishedUploadsRepository;

/**
 * A request tus answered 404 about an upload that is gone from its store because it finished: the
 * owner's finished upload answers for a day (finishedAnswer); anything else keeps tus's answer.
 */
async function finishedOr(res: Response, req: Request, requests: TusRequests, finished: FinishedRecords): Promise<Response> {
  if (res.status !== 404 || !['HEAD', 'PATCH', 'DELETE'].includes(req.method)) return res;
  const id = new URL(req.url).pathname.split('/').pop() ?? '';
  const user = await requests.contextFor(req).then(
    (ctx) => ctx.user,
    () => null,
  );
  const record = user && id ? await finished().find(id, user.id) : null;
  return (record && finishedAnswer(req.method, req, record)) ?? res;
}

/**
 * One tus request through the server. The tus protocol answers a PATCH whose body is not
 * application/offset+octet-stream with 415 (tus answers 400). A chunk keeps its upload alive as its
 * lock is let go (PgAdvisoryLocker, in the unlock's round trip); one cancelled by its creator no longer counts.
 * A chunk with Upload-Checksum reaches tus only when its SHA-1 matches (checkedChunk).
 */
async function handleTusRequest(
  server: Server,
  requests: TusRequests,
  finished: FinishedRecords,
  raw: Request,
  incoming?: IncomingMessage,
): Promise<Response> {
  if (raw.method === 'PATCH' && raw.headers.get('content-type') !== 'application/offset+octet-stream') {
    return new Response('Content-Type must be application/offset+octet-stream.', { status: 415, headers: { 'tus-resumable': '1.0.0' } });
  }
  const streamed = raw.method === 'PATCH' && incoming ? withNodeBody(raw, incoming) : raw;
  const chunk = raw.method === 'PATCH' ? await checkedChunk(streamed) : { req: streamed, release: async () => undefined };
  if ('refused' in chunk) return chunk.refused;
  const req = chunk.req;
  let res: Response;
  try {
    res = await finishedOr(await server.handleWeb(req), req, requests, finished);
  } finally {
    await chunk.release();
  }
  if (req.method === 'OPTIONS') return withChecksumExtension(res);
  // Every 429 says when to come back (issue 35); tus's own answer has no way to carry it.
  if (res.status === 429 && !res.headers.has('retry-after')) res.headers.set('Retry-After', String(RETRY_AFTER_DEFAULT_SECONDS));
  // Storage unreachable (issue 35): come back shortly, the upload is still there.
  if (res.status === 503 && !res.headers.has('retry-after')) res.headers.set('Retry-After', String(STORAGE_OUTAGE.retryAfterSeconds));
  const id = new URL(req.url).pathname.split('/').pop() ?? '';
  if (req.method === 'DELETE' && res.status === 204) await requests.unfinished(req).forget(id);
  return res;
}

/**
 * The tus endpoint at /files/ on the local folder or the S3 bucket (tusStorageFor), with the
 * product's rules as its hooks (TusUploadHooks: bearer auth, owners, category limits, content
 * checks at the end) and its locks in PostgreSQL, so any server can take any chunk.
 */
export function createTusHandler(orm: MikroORM, shared: SharedDeps, clientIp: (req: Request) => string): TusHandler {
  const tus = tusStorageFor(shared.config);
  const requests = new TusRequests(orm, shared, clientIp, tus.datastore);
  const locker = new PgAdvisoryLocker(orm);
  const finished: FinishedRecords = () => new FinishedUploadsRepository(orm.em.fork());
  const server = new Server({
    path: '/files',
    datastore: tus.datastore,
    locker,
    relativeLocation: true,
    respectForwardedHeaders: shared.config.TRUST_PROXY,
    disableTerminationForFinishedUploads: true,
    // The finished upload's media item is named by a header (issue 36), readable by a browser; a chunk may carry its checksum.
    exposedHeaders: [TUS_PROTOCOL.mediaIdHeader],
    allowedHeaders: ['Upload-Checksum'],
    ...new TusUploadHooks(requests, tus, finished).hooks(),
  });
  return {
    server,
    handle: (raw, incoming) => handleTusRequest(server, requests, finished, raw, incoming),
    close: () => locker.close(),
  };
}
