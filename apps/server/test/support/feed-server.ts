import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server for RSS import tests: serves feeds, audio, artwork and sidecar files from a
 * path -> response table, records what was asked, and can misbehave on purpose (redirects, endless
 * or huge bodies). Bind to 127.0.0.1 (or another loopback address) and allow it through
 * IMPORT_ALLOW_PRIVATE_HOSTS in the test's configuration.
 */
export type FeedRoute =
  | { status?: number; type?: string; body: string | Buffer; headers?: Record<string, string> }
  | ((req: http.IncomingMessage, res: http.ServerResponse) => void);

export interface FeedServer {
  origin: string;
  hits: string[];
  routes: Map<string, FeedRoute>;
  close(): Promise<void>;
}

export async function startFeedServer(routes: Record<string, FeedRoute> = {}, host = '127.0.0.1'): Promise<FeedServer> {
  const table = new Map(Object.entries(routes));
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    hits.push(path);
    const route = table.get(path);
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (typeof route === 'function') return route(req, res);
    const body = typeof route.body === 'string' ? Buffer.from(route.body) : route.body;
    res.writeHead(route.status ?? 200, {
      'content-type': route.type ?? 'application/rss+xml',
      'content-length': String(body.length),
      ...route.headers,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    hits,
    routes: table,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface GeneratedItem {
  guid: string;
  title: string;
  pubDate: Date;
  audioUrl?: string;
  audioType?: string;
  duration?: string;
  season?: number;
  episode?: number;
  description?: string;
  transcriptUrl?: string;
  /** text/vtt unless given. */
  transcriptType?: string;
  chaptersUrl?: string;
  /** The episode's own artwork (itunes:image). */
  imageUrl?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A podcast feed as hosts write them (iTunes and Podcasting 2.0 tags). */
export function buildFeed(
  show: { title: string; description?: string; imageUrl?: string; guid?: string; category?: string; language?: string },
  items: readonly GeneratedItem[],
): string {
  const entries = items.map((i) =>
    [
      '<item>',
      `<title>${esc(i.title)}</title>`,
      `<guid isPermaLink="false">${esc(i.guid)}</guid>`,
      `<pubDate>${i.pubDate.toUTCString()}</pubDate>`,
      `<description><![CDATA[${i.description ?? `<p>Notes for ${esc(i.title)}</p><script>alert(1)</script>`}]]></description>`,
      i.audioUrl ? `<enclosure url="${esc(i.audioUrl)}" length="1000" type="${i.audioType ?? 'audio/mpeg'}"/>` : '',
      i.duration ? `<itunes:duration>${i.duration}</itunes:duration>` : '',
      i.season !== undefined ? `<itunes:season>${i.season}</itunes:season>` : '',
      i.episode !== undefined ? `<itunes:episode>${i.episode}</itunes:episode>` : '',
      i.transcriptUrl ? `<podcast:transcript url="${esc(i.transcriptUrl)}" type="${esc(i.transcriptType ?? 'text/vtt')}"/>` : '',
      i.imageUrl ? `<itunes:image href="${esc(i.imageUrl)}"/>` : '',
      i.chaptersUrl ? `<podcast:chapters url="${esc(i.chaptersUrl)}" type="application/json+chapters"/>` : '',
      '</item>',
    ].join(''),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0">
<channel>
<title>${esc(show.title)}</title>
<description>${esc(show.description ?? `All about ${show.title}`)}</description>
<language>${show.language ?? 'en-us'}</language>
<itunes:author>Test Host</itunes:author>
${show.category ? `<itunes:category text="${esc(show.category)}"/>` : ''}
${show.imageUrl ? `<itunes:image href="${esc(show.imageUrl)}"/>` : ''}
${show.guid ? `<podcast:guid>${show.guid}</podcast:guid>` : ''}
${entries.join('\n')}
</channel>
</rss>`;
}

/** `count` items, newest first, one a day back from 2024-06-01. */
export function manyItems(count: number, audioUrl?: (n: number) => string): GeneratedItem[] {
  const start = Date.UTC(2024, 5, 1);
  return Array.from({ length: count }, (_, k) => {
    const n = count - k;
    return {
      guid: `episode-${n}`,
      title: `Episode ${n}`,
      pubDate: new Date(start - k * 86_400_000),
      episode: n,
      duration: '30:00',
      ...(audioUrl ? { audioUrl: audioUrl(n) } : {}),
    };
  });
}
