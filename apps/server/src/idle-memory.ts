import type { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';

/**
 * Node flags the launcher starts the server with: --expose-gc lets collectWhenQuiet run its
 * collection (without it, as under the tests, it does nothing).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--expose-gc'];

/** How often the server looks whether a burst of requests has ended. */
const CHECK_MS = 5_000;
/** Fewer requests than this in a whole CHECK_MS is quiet (a load balancer's health checks are). */
const QUIET_REQUESTS = 10;
/** V8's heap this much above what the last collection left is a burst's leftover, worth giving back. */
const GROWTH = 0.2;

export interface IdleCollectorOptions {
  /** One full collection that reduces the footprint; by default V8's own (global.gc, when exposed). */
  collect?: () => void;
  /** Bytes V8's heap holds from the system (process.memoryUsage().heapTotal). */
  heapBytes?: () => number;
  checkMs?: number;
}

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * V8's 'last-resort' collection: everything unreachable collected, the young generation shrunk and
 * free pages given back to the system (a plain gc() keeps them). About 100-500 ms on the server's
 * 80 MB heap, run only while no burst is under way.
 */
function exposedGc(): (() => void) | undefined {
  const gc = (globalThis as { gc?: Gc }).gc;
  return gc && (() => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }));
}

/**
 * Gives back what a burst of requests left in V8's heap once the server is quiet again (issue 20:
 * within 20 % of the idle RSS a minute after the load). V8's own memory reducer does not: traced
 * after bench/api-load.bench.ts (--trace-memory-reducer), it judged the allocation rate high every
 * 8 s with no request coming in and never collected, so the young generation grown to 128 MB and
 * the old generation's garbage stayed (416 MB a minute after against 218 MB idle). Here, once a
 * whole CHECK_MS passes with fewer than QUIET_REQUESTS requests, none of them still under way (a
 * slow upload's chunk or a media stream is not quiet, and must not stall behind a collection), and
 * the heap is more than GROWTH above what the last collection left, one collection; then that is
 * the new mark, so an idle or steady server is not collected again. Returns a stop function.
 */
export function collectWhenQuiet(server: EventEmitter, options: IdleCollectorOptions = {}): () => void {
  const collect = options.collect ?? exposedGc();
  if (!collect) return () => undefined;
  const heapBytes = options.heapBytes ?? (() => process.memoryUsage().heapTotal);
  let requests = 0;
  let underWay = 0;
  const count = (_request: unknown, response?: ServerResponse) => {
    requests += 1;
    if (!response) return;
    underWay += 1;
    response.once('close', () => void (underWay -= 1));
  };
  server.on('request', count);
  let mark = heapBytes();
  const timer = setInterval(() => {
    const quiet = requests < QUIET_REQUESTS && underWay === 0;
    requests = 0;
    if (!quiet || heapBytes() <= mark * (1 + GROWTH)) return;
    collect();
    mark = heapBytes();
  }, options.checkMs ?? CHECK_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off('request', count);
  };
}
