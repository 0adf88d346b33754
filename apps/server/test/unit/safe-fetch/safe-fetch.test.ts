import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SafeFetchError,
  safeFetch,
  safeFetchStream,
  unsafeAllowPrivateAddresses,
  type PrivateAddressAllowance,
  type SafeFetchOptions,
  type TSafeFetchFailure,
} from '../../../src/adapters/safe-fetch/index.ts';
import { startLocalServer, type LocalServer } from './local-server.ts';

const MB = 1024 * 1024;
const base: SafeFetchOptions = { deadlineMs: 5_000, maxBytes: 5 * MB, accept: 'application/rss+xml' };

async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => new Error('expected the fetch to be refused'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

async function expectRefused(promise: Promise<unknown>, reason: TSafeFetchFailure): Promise<SafeFetchError> {
  const error = await failure(promise);
  expect(error.reason).toBe(reason);
  return error;
}

let server: LocalServer;
let loopback: PrivateAddressAllowance;
let firstHopOnly: PrivateAddressAllowance;

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to');
    switch (url.pathname) {
      case '/feed':
        res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end('<rss/>');
        return;
      case '/gzip':
        res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('<rss>zipped</rss>'));
        return;
      case '/redirect':
        res.writeHead(302, { location: to ?? '/feed' }).end();
        return;
      case '/chain': {
        const n = Number(url.searchParams.get('n'));
        res.writeHead(301, { location: n > 1 ? `/chain?n=${n - 1}` : '/feed' }).end();
        return;
      }
      case '/huge': {
        // 50 MB, chunked (no Content-Length), so only the streaming cap can stop it.
        const chunk = Buffer.alloc(MB, 0x61);
        let sent = 0;
        const pump = () => {
          while (sent < 50) {
            sent += 1;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        pump();
        return;
      }
      case '/declared-huge':
        res.writeHead(200, { 'content-length': String(50 * MB) });
        res.write('x');
        return;
      case '/gzip-bomb':
        res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(50 * MB)));
        return;
      case '/never-finishes':
        res.writeHead(200, { 'content-type': 'application/rss+xml' });
        res.write('<rss><channel>');
        return;
      case '/never-answers':
        return;
      default:
        res.writeHead(404).end('nope');
    }
  });
  loopback = unsafeAllowPrivateAddresses(['127.0.0.1']);
  firstHopOnly = unsafeAllowPrivateAddresses(['127.0.0.1'], { firstHopOnly: true });
});

afterAll(async () => {
  await server.close();
});

describe('safeFetch refuses hostile targets before connecting', () => {
  it.each([
    ['loopback', (port: number) => `http://127.0.0.1:${port}/feed`],
    ['decimal IPv4', (port: number) => `http://2130706433:${port}/feed`],
    ['hex IPv4', (port: number) => `http://0x7f.1:${port}/feed`],
    ['octal IPv4', (port: number) => `http://017700000001:${port}/feed`],
    ['localhost by name', (port: number) => `http://localhost:${port}/feed`],
  ])('%s on this very server', async (_label, make) => {
    const before = server.hits.length;
    const error = await expectRefused(safeFetch(make(server.port), base), 'ADDRESS_NOT_ALLOWED');
    expect(error.message).toMatch(/private, local or reserved network/);
    expect(error.status).toBe(400);
    expect(server.hits.length).toBe(before);
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://[::1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[::ffff:127.0.0.1]:8080/',
    'http://0.0.0.0/',
    'http://0/',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.0.1/',
    'http://100.64.0.1/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://224.0.0.1/',
    'https://127.1/',
  ])('%s', async (url) => {
    await expectRefused(safeFetch(url, base), 'ADDRESS_NOT_ALLOWED');
  });

  it.each([
    'file:///etc/passwd',
    'ftp://ftp.example.com/feed.xml',
    'gopher://example.com/1',
    'data:text/xml,<rss/>',
    'javascript:alert(1)',
  ])('refuses the non-http scheme of %s', async (url) => {
    const error = await expectRefused(safeFetch(url, base), 'SCHEME_NOT_ALLOWED');
    expect(error.message).toBe('Only http and https addresses can be fetched.');
  });

  it('refuses what is not a URL at all', async () => {
    await expectRefused(safeFetch('not a url', base), 'INVALID_URL');
    await expectRefused(safeFetch('', base), 'INVALID_URL');
  });

  it('ignores a look-alike allowance that was not issued by unsafeAllowPrivateAddresses', async () => {
    // What a JSON request body could at best produce.
    const forged = { addresses: new Set(['127.0.0.1']), firstHopOnly: false };
    await expectRefused(safeFetch(`${server.origin}/feed`, { ...base, unsafeAllowPrivate: forged }), 'ADDRESS_NOT_ALLOWED');
  });
});

describe('safeFetch through the test allowance', () => {
  it('fetches a feed and reports where it ended up', async () => {
    const res = await safeFetch(`${server.origin}/feed`, { ...base, unsafeAllowPrivate: loopback });
    expect(res).toMatchObject({ status: 200, ok: true, finalUrl: `${server.origin}/feed`, redirects: [] });
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.body.toString()).toBe('<rss/>');
  });

  it('decodes a gzip body', async () => {
    const res = await safeFetch(`${server.origin}/gzip`, { ...base, unsafeAllowPrivate: loopback });
    expect(res.body.toString()).toBe('<rss>zipped</rss>');
  });

  it('returns an error status rather than throwing', async () => {
    const res = await safeFetch(`${server.origin}/missing`, { ...base, unsafeAllowPrivate: loopback });
    expect(res).toMatchObject({ status: 404, ok: false });
  });

  it('follows relative redirects up to the limit of five', async () => {
    const res = await safeFetch(`${server.origin}/chain?n=5`, { ...base, unsafeAllowPrivate: loopback });
    expect(res.finalUrl).toBe(`${server.origin}/feed`);
    expect(res.redirects).toHaveLength(5);
    const error = await expectRefused(
      safeFetch(`${server.origin}/chain?n=6`, { ...base, unsafeAllowPrivate: loopback }),
      'TOO_MANY_REDIRECTS',
    );
    expect(error.message).toBe('The address redirected more than 5 times.');
  });

  it.each([
    ['loopback', (origin: string) => `${origin}/feed`],
    ['IPv6 loopback', () => 'http://[::1]/feed'],
    ['metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['private', () => 'http://10.0.0.1/feed'],
    ['IPv4-mapped private', () => 'http://[::ffff:10.0.0.1]/feed'],
    ['decimal loopback', () => 'http://2130706433/feed'],
  ])('re-checks a redirect to %s and refuses it', async (_label, make) => {
    const location = encodeURIComponent(make(server.origin));
    const before = server.hits.length;
    const error = await expectRefused(
      safeFetch(`${server.origin}/redirect?to=${location}`, { ...base, unsafeAllowPrivate: firstHopOnly }),
      'ADDRESS_NOT_ALLOWED',
    );
    expect(error.detail).toMatchObject({ hop: 1 });
    // Only the first hop reached the server.
    expect(server.hits.length).toBe(before + 1);
  });

  it('refuses a redirect to a file: URL', async () => {
    await expectRefused(
      safeFetch(`${server.origin}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, { ...base, unsafeAllowPrivate: loopback }),
      'SCHEME_NOT_ALLOWED',
    );
  });
});

describe('safeFetch limits', () => {
  it('stops a 50 MB body at the byte cap', async () => {
    const error = await expectRefused(safeFetch(`${server.origin}/huge`, { ...base, unsafeAllowPrivate: loopback }), 'TOO_LARGE');
    expect(error.message).toBe('The response is larger than the allowed 5 MB.');
    expect(error.status).toBe(413);
  });

  it('refuses a declared Content-Length over the cap without reading it', async () => {
    await expectRefused(safeFetch(`${server.origin}/declared-huge`, { ...base, unsafeAllowPrivate: loopback }), 'TOO_LARGE');
  });

  it('caps the decompressed size of a gzip bomb', async () => {
    await expectRefused(safeFetch(`${server.origin}/gzip-bomb`, { ...base, unsafeAllowPrivate: loopback }), 'TOO_LARGE');
  });

  it('gives up on a body that never finishes at the deadline', async () => {
    const started = Date.now();
    const error = await expectRefused(
      safeFetch(`${server.origin}/never-finishes`, { ...base, deadlineMs: 300, unsafeAllowPrivate: loopback }),
      'TIMEOUT',
    );
    expect(error.message).toBe('The server took longer than 0.3 s to answer.');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('gives up on a server that never answers at the deadline', async () => {
    await expectRefused(safeFetch(`${server.origin}/never-answers`, { ...base, deadlineMs: 300, unsafeAllowPrivate: loopback }), 'TIMEOUT');
  });

  it('lets the caller cancel', async () => {
    const controller = new AbortController();
    const pending = safeFetch(`${server.origin}/never-answers`, {
      ...base,
      signal: controller.signal,
      unsafeAllowPrivate: loopback,
    });
    controller.abort(new Error('job stopped'));
    await expect(pending).rejects.toThrow('job stopped');
  });
});

describe('safeFetchStream', () => {
  it('streams a body', async () => {
    const res = await safeFetchStream(`${server.origin}/feed`, { ...base, unsafeAllowPrivate: loopback });
    const chunks: Buffer[] = [];
    for await (const chunk of res.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('<rss/>');
  });

  it('errors the stream past the byte cap', async () => {
    const res = await safeFetchStream(`${server.origin}/huge`, { ...base, unsafeAllowPrivate: loopback });
    const read = async () => {
      for await (const _chunk of res.body) void _chunk;
    };
    await expectRefused(read(), 'TOO_LARGE');
  });

  it('errors the stream at the deadline', async () => {
    const res = await safeFetchStream(`${server.origin}/never-finishes`, {
      ...base,
      deadlineMs: 300,
      unsafeAllowPrivate: loopback,
    });
    const read = async () => {
      for await (const _chunk of res.body) void _chunk;
    };
    await expectRefused(read(), 'TIMEOUT');
  });

  it('is guarded like safeFetch', async () => {
    await expectRefused(safeFetchStream('http://169.254.169.254/', base), 'ADDRESS_NOT_ALLOWED');
  });
});
