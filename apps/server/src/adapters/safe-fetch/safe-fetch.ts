import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { PassThrough, Transform, pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { RSS_IMPORT } from '@ppp/contracts';
import { classifyAddress, type AddressVerdict } from './address-policy.ts';
import { SafeFetchError } from './safe-fetch.errors.ts';

/**
 * GET a URL a user typed (a feed, an enclosure, artwork, a transcript) without letting it
 * reach this machine or its network: only http(s); every resolved address vetted before
 * connecting and the connection pinned to the vetted address, so a DNS answer that changes
 * between the check and the connect (rebinding) cannot redirect it; redirects followed by
 * hand and re-checked per hop; one deadline for the whole exchange; a byte cap while reading.
 */

export const SAFE_FETCH_DEFAULT_MAX_REDIRECTS = RSS_IMPORT.maxRedirects;
const USER_AGENT = 'PodcastPlusPlus/1.0 (feed import)';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Proof that a caller deliberately allowed local addresses; see `unsafeAllowPrivateAddresses`. */
export interface PrivateAddressAllowance {
  readonly addresses: ReadonlySet<string>;
  readonly firstHopOnly: boolean;
}

// Only objects made by unsafeAllowPrivateAddresses count: anything built from a parsed request
// body (JSON) can never be in this set, so user input cannot switch the guard off.
const issuedAllowances = new WeakSet<PrivateAddressAllowance>();

/**
 * For tests and a launcher that serves feeds on loopback: let these exact resolved addresses
 * through. Production code must only ever pass what this returns from configuration, never
 * from a request. `firstHopOnly` keeps redirects fully guarded.
 */
export function unsafeAllowPrivateAddresses(
  addresses: readonly string[],
  options: { firstHopOnly?: boolean } = {},
): PrivateAddressAllowance {
  const allowance = Object.freeze({
    addresses: new Set(addresses.map((a) => classifyAddress(a).address)),
    firstHopOnly: options.firstHopOnly ?? false,
  });
  issuedAllowances.add(allowance);
  return allowance;
}

export interface SafeFetchOptions {
  /** Total time for DNS, connect, redirects and the body, in ms. */
  deadlineMs: number;
  /** Largest body accepted (after decompression), in bytes. */
  maxBytes: number;
  accept?: string;
  maxRedirects?: number;
  /** Lets the caller cancel early (e.g. the job is being stopped). */
  signal?: AbortSignal;
  unsafeAllowPrivate?: PrivateAddressAllowance;
}

export interface SafeFetchResponse<TBody> {
  /** The URL that answered after redirects. */
  finalUrl: string;
  status: number;
  ok: boolean;
  headers: http.IncomingHttpHeaders;
  /** Every URL visited before finalUrl, in order. */
  redirects: string[];
  body: TBody;
}

/** Fetch and buffer the whole body (feeds, chapters, transcripts). gzip/deflate/br are decoded. */
export async function safeFetch(url: string | URL, options: SafeFetchOptions): Promise<SafeFetchResponse<Buffer>> {
  const session = startSession(options);
  try {
    const opened = await openGuarded(url, options, session, true);
    refuseDeclaredOversize(opened.res, options.maxBytes);
    const body = await readCapped(decoded(opened.res), options.maxBytes, session);
    return { ...opened.meta, body };
  } catch (error) {
    throw session.translate(error);
  } finally {
    session.dispose();
  }
}

/**
 * Fetch and hand back the body as a stream (mirroring audio). The deadline and the byte cap
 * keep running while the caller reads: the stream errors with a SafeFetchError past either.
 */
export async function safeFetchStream(url: string | URL, options: SafeFetchOptions): Promise<SafeFetchResponse<Readable>> {
  const session = startSession(options);
  let opened: Opened;
  try {
    opened = await openGuarded(url, options, session, false);
    refuseDeclaredOversize(opened.res, options.maxBytes);
  } catch (error) {
    session.dispose();
    throw session.translate(error);
  }
  const limited = capStream(options.maxBytes);
  const onAbort = () => limited.destroy(session.translate(session.signal.reason));
  session.signal.addEventListener('abort', onAbort, { once: true });
  pipeline(opened.res, limited, (error) => {
    session.signal.removeEventListener('abort', onAbort);
    session.dispose();
    if (error && !limited.destroyed) limited.destroy(session.translate(error));
  });
  return { ...opened.meta, body: limited };
}

interface Session {
  signal: AbortSignal;
  translate(error: unknown): Error;
  dispose(): void;
}

function startSession(options: SafeFetchOptions): Session {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(timeoutError(options.deadlineMs)), options.deadlineMs);
  const onCallerAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const signal = controller.signal;
  return {
    signal,
    translate(error) {
      if (error instanceof SafeFetchError) return error;
      if (signal.aborted) return signal.reason instanceof Error ? signal.reason : timeoutError(options.deadlineMs);
      const code = (error as NodeJS.ErrnoException | undefined)?.code;
      return new SafeFetchError('NETWORK', 'The server could not be reached or broke off the transfer.', { cause: code });
    },
    dispose() {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
    },
  };
}

function timeoutError(deadlineMs: number): SafeFetchError {
  return new SafeFetchError('TIMEOUT', `The server took longer than ${Number((deadlineMs / 1000).toFixed(1))} s to answer.`);
}

interface Opened {
  res: http.IncomingMessage;
  meta: Omit<SafeFetchResponse<never>, 'body'>;
}

async function openGuarded(input: string | URL, options: SafeFetchOptions, session: Session, acceptCompression: boolean): Promise<Opened> {
  const maxRedirects = options.maxRedirects ?? SAFE_FETCH_DEFAULT_MAX_REDIRECTS;
  const redirects: string[] = [];
  let url = parseTarget(input);
  for (let hop = 0; ; hop++) {
    const target = await vetHost(url, hop, options.unsafeAllowPrivate, session.signal);
    const res = await request(url, target, options, session.signal, acceptCompression);
    const location = res.headers.location;
    if (!REDIRECT_STATUSES.has(res.statusCode ?? 0) || !location) {
      const status = res.statusCode ?? 0;
      return { res, meta: { finalUrl: url.href, status, ok: status >= 200 && status < 300, headers: res.headers, redirects } };
    }
    res.resume();
    if (redirects.length >= maxRedirects) {
      res.destroy();
      throw new SafeFetchError('TOO_MANY_REDIRECTS', `The address redirected more than ${maxRedirects} times.`);
    }
    redirects.push(url.href);
    url = parseTarget(location, url);
  }
}

function parseTarget(input: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    throw new SafeFetchError('INVALID_URL', 'That address is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('SCHEME_NOT_ALLOWED', 'Only http and https addresses can be fetched.', {
      scheme: url.protocol,
    });
  }
  if (!url.hostname) throw new SafeFetchError('INVALID_URL', 'That address is not a valid URL.');
  return url;
}

/** Resolve every address of the host and refuse the lot if any one is not public. */
async function vetHost(
  url: URL,
  hop: number,
  allowance: PrivateAddressAllowance | undefined,
  signal: AbortSignal,
): Promise<AddressVerdict> {
  // WHATWG URL parsing already turned 2130706433, 0x7f.1 and 017700000001 into 127.0.0.1.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host) ? [host] : await resolveAll(host, signal);
  const verdicts = addresses.map(classifyAddress);
  const trusted = allowance !== undefined && issuedAllowances.has(allowance) && (hop === 0 || !allowance.firstHopOnly);
  const refused = verdicts.find((v) => !v.allowed && !(trusted && allowance.addresses.has(v.address)));
  if (refused) {
    throw new SafeFetchError(
      'ADDRESS_NOT_ALLOWED',
      `The address ${url.hostname} points to a private, local or reserved network and cannot be fetched.`,
      { host: url.hostname, address: refused.address, range: refused.range, hop },
    );
  }
  const first = verdicts[0];
  if (!first) throw new SafeFetchError('DNS_FAILED', `The host name ${url.hostname} could not be resolved.`);
  return first;
}

async function resolveAll(host: string, signal: AbortSignal): Promise<string[]> {
  // dns.lookup takes no signal; racing it keeps the deadline honest when a resolver hangs.
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  try {
    const found = await Promise.race([dns.promises.lookup(host, { all: true, verbatim: true }), aborted]);
    return found.map((entry) => entry.address);
  } catch (error) {
    if (signal.aborted) throw error;
    throw new SafeFetchError('DNS_FAILED', `The host name ${host} could not be resolved.`, {
      cause: (error as NodeJS.ErrnoException).code,
    });
  }
}

function request(
  url: URL,
  target: AddressVerdict,
  options: SafeFetchOptions,
  signal: AbortSignal,
  acceptCompression: boolean,
): Promise<http.IncomingMessage> {
  // The lookup hook hands the socket the vetted address; Host and TLS SNI still come from the URL.
  const lookup: net.LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const headers: http.OutgoingHttpHeaders = {
    'user-agent': USER_AGENT,
    accept: options.accept ?? '*/*',
    'accept-encoding': acceptCompression ? 'gzip, deflate, br' : 'identity',
  };
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    // agent:false so no pooled socket opened for an earlier, differently-resolved hop is reused.
    const req = send(url, { method: 'GET', headers, lookup, signal, agent: false }, resolve);
    req.on('error', reject);
    req.end();
  });
}

function decoded(res: http.IncomingMessage): Readable {
  const encoding = String(res.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (!decoder) return res;
  const out = new PassThrough();
  pipeline(res, decoder, out, () => undefined);
  return out;
}

function tooLarge(maxBytes: number): SafeFetchError {
  const mb = maxBytes / (1024 * 1024);
  const size = mb >= 1 ? `${Math.round(mb * 10) / 10} MB` : `${maxBytes} bytes`;
  return new SafeFetchError('TOO_LARGE', `The response is larger than the allowed ${size}.`, { maxBytes });
}

/** A Content-Length over the cap is refused before a byte of the body is read. */
function refuseDeclaredOversize(res: http.IncomingMessage, maxBytes: number): void {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw tooLarge(maxBytes);
  }
}

async function readCapped(stream: Readable, maxBytes: number, session: Session): Promise<Buffer> {
  const onAbort = () => stream.destroy(session.signal.reason instanceof Error ? session.signal.reason : undefined);
  session.signal.addEventListener('abort', onAbort, { once: true });
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      total += buffer.length;
      // Checked per chunk, so a compressed bomb or an endless body stops just past the cap.
      if (total > maxBytes) {
        stream.destroy();
        throw tooLarge(maxBytes);
      }
      chunks.push(buffer);
    }
  } finally {
    session.signal.removeEventListener('abort', onAbort);
  }
  return Buffer.concat(chunks, total);
}

function capStream(maxBytes: number): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > maxBytes) callback(tooLarge(maxBytes));
      else callback(null, chunk);
    },
  });
}
