import type { Context, Hono } from 'hono';
import superjson from 'superjson';
import type { TEpisodeListQuery, TEpisodePage } from '@ppp/contracts';
import { keptBodyOf, type EpisodePageBody } from '../../domain/episodes/episode-pages.ts';
import type { HttpEnv } from '../http-env.ts';
import { sendKept, type KeptAnswer } from '../kept-body.ts';
import type { RequestContext } from '../request-context.ts';
import { appRouter } from './app.router.ts';
import { createCallerFactory, serializeOutput } from './init.ts';

const callerOf = createCallerFactory(appRouter);

/** The call's input as tRPC reads a GET's (`?input=`, superjson); `invalid` when it cannot be read. */
function inputOf(c: Context<HttpEnv>): { value: unknown } | 'invalid' {
  const raw = c.req.query('input');
  if (raw === undefined) return { value: undefined };
  try {
    return { value: superjson.deserialize(JSON.parse(raw) as Parameters<typeof superjson.deserialize>[0]) };
  } catch {
    return 'invalid';
  }
}

type Serialized = ReturnType<typeof superjson.serialize>;

/**
 * Whether superjson's `json` of the answer is its JSON.stringify form: true when the only values
 * superjson annotates are Dates (written as toISOString, which is what Date's toJSON gives); a
 * referential equality changes only how the client rebuilds the answer, not the json.
 */
function jsonIsKeptJson({ meta }: Serialized): boolean {
  const values = meta?.values;
  if (values === undefined) return true;
  if (Array.isArray(values)) return false;
  return Object.values(values).every((annotation) => Array.isArray(annotation) && annotation.length === 1 && annotation[0] === 'Date');
}

/** tRPC's answer to one call, `{"result":{"data":{"json":…,"meta":…}}}`, around the kept JSON, as tRPC writes it. */
const envelopes = new WeakMap<EpisodePageBody, KeptAnswer>();

function envelopeOf(body: EpisodePageBody, { meta }: Serialized): KeptAnswer {
  let kept = envelopes.get(body);
  if (!kept) {
    const encoder = new TextEncoder();
    const head = encoder.encode('{"result":{"data":{"json":');
    const tail = encoder.encode(meta === undefined ? '}}}' : `,"meta":${JSON.stringify(meta)}}}}`);
    const bytes = new Uint8Array(head.byteLength + body.json.byteLength + tail.byteLength);
    bytes.set(head);
    bytes.set(body.json, head.byteLength);
    bytes.set(tail, head.byteLength + body.json.byteLength);
    const headers = { 'content-type': 'application/json', 'cache-control': 'private, no-cache' };
    kept = { owner: {}, body: bytes, etag: `"trpc.${body.etag.slice(1)}`, headers };
    envelopes.set(body, kept);
  }
  return kept;
}

/**
 * The page as the procedure answers it, through the procedure itself (its access check, input
 * validation and ownership), when that answer is a kept page whose superjson `json` is the kept JSON
 * (see jsonIsKeptJson); superjson's meta (the Dates) goes beside it, made once with the kept page.
 */
async function keptPage(c: Context<HttpEnv>, ctx: RequestContext): Promise<KeptAnswer | null> {
  const input = inputOf(c);
  if (input === 'invalid') return null;
  let page: TEpisodePage;
  try {
    // The procedure validates its input as tRPC's handler would.
    page = await callerOf(ctx).episodes.page(input.value as TEpisodeListQuery);
  } catch {
    return null;
  }
  const body = keptBodyOf(page);
  if (!body) return null;
  // The envelope is made once per kept page: superjson walks the 500 items only for its first call.
  const made = envelopes.get(body);
  if (made) return made;
  const serialized = serializeOutput(page);
  return jsonIsKeptJson(serialized) ? envelopeOf(body, serialized) : null;
}

/**
 * tRPC queries answered from a kept answer, in front of the tRPC handler: the query sent alone as a
 * plain GET (the web app's links send TRPC_BATCH.keptQueries so) gets the kept bytes in tRPC's
 * envelope with their ETag and gzip, and a 304 when unchanged. A batch, and any call the procedure
 * refuses (not signed in, bad input...), goes on to the tRPC handler, which answers it as always.
 */
export function mountKeptQueries(app: Hono<HttpEnv>, contextOf: (c: Context<HttpEnv>) => Promise<RequestContext>): void {
  app.get('/trpc/episodes.page', async (c, next) => {
    if (c.req.query('batch') !== undefined) return next();
    const ctx = await contextOf(c);
    if (c.req.raw.signal.aborted) return new Response(null, { status: 499 });
    const answer = await keptPage(c, ctx);
    if (!answer) return next();
    return sendKept(c, answer);
  });
}
