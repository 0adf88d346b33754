/** A podcast feed and its files served on loopback, for the journeys that import a show from RSS. */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { toneFile } from '@ppp/server/test-support';

export interface LocalFeed {
  origin: string;
  close(): Promise<void>;
}

export interface LocalFeedOptions {
  /** The feed's path (/harbour.rss unless told). */
  feedPath?: string;
  /** The PNG served as /cover.png (none unless given). */
  coverFile?: string;
}

/**
 * Serves the feed (what `feedXml` writes for the server's origin), /broken.rss (malformed), the cover
 * when given and /audio/*.mp3 (two seconds of tone, made in dir) on 127.0.0.1.
 */
export async function startLocalFeed(dir: string, feedXml: (origin: string) => string, options: LocalFeedOptions = {}): Promise<LocalFeed> {
  const { feedPath = '/harbour.rss', coverFile } = options;
  const audio = readFileSync(toneFile(dir, 'tone.mp3', 2, 440));
  const cover = coverFile ? readFileSync(coverFile) : undefined;
  let origin = '';
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === feedPath) return void res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feedXml(origin));
    if (url === '/broken.rss')
      return void res.writeHead(200, { 'content-type': 'application/rss+xml' }).end('<rss version="2.0"><channel><title>Oops</channel>');
    if (url === '/cover.png' && cover) return void res.writeHead(200, { 'content-type': 'image/png' }).end(cover);
    if (url.startsWith('/audio/')) return void res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(audio);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
