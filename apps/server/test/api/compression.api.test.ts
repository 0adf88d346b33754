import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { tempDir } from '../support/audio-files.ts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;
let web: { dir: string; remove: () => void };
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;

beforeAll(async () => {
  web = tempDir('ppp-compress-web-');
  fs.mkdirSync(path.join(web.dir, 'assets'));
  fs.writeFileSync(path.join(web.dir, 'index.html'), `<!doctype html><html><body>${'<p>app</p>'.repeat(200)}</body></html>`);
  fs.writeFileSync(path.join(web.dir, 'assets/app.js'), script);
  fs.writeFileSync(path.join(web.dir, 'assets/app.js.br'), brotliCompressSync(script));
  ({ orm, api } = await startApiBed({ WEB_DIST_DIR: web.dir }));
});
afterAll(async () => {
  await closeApiBed({ api, orm });
  web.remove();
});

/** A raw GET (fetch would undo the encoding), answering the headers and the bytes as sent. */
function rawGet(pathname: string, acceptEncoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${api.baseUrl}${pathname}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

describe('compressed responses', () => {
  it('JSON is gzipped for a client that accepts it, with Vary: Accept-Encoding, and decodes to the same document', async () => {
    const plain = await rawGet('/api/openapi.json');
    const zipped = await rawGet('/api/openapi.json', 'gzip, deflate, br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    // Said once, and also to a client that took it plain (a cache must not hand it the gzipped copy).
    expect(zipped.headers.vary?.match(/accept-encoding/gi)).toHaveLength(1);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(gunzipSync(zipped.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
  });

  it('the web app page is gzipped too', async () => {
    const page = await rawGet('/dashboard', 'gzip');
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.body).toString('utf8')).toContain('<p>app</p>');
  });

  it('a built asset is served from its Brotli copy made at build time, and as is to a client without Brotli', async () => {
    const br = await rawGet('/assets/app.js', 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.equals(brotliCompressSync(script))).toBe(true);
    const identity = await rawGet('/assets/app.js');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString('utf8')).toBe(script);
  });
});
