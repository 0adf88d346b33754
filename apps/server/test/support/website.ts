import { request as httpRequest } from 'node:http';
import path from 'node:path';
import sharp from 'sharp';

/** A 600×600 cover: a deep teal field with a bright orange disc (two colours the theme should pick up). */
export async function twoColourCover(dir: string): Promise<string> {
  const file = path.join(dir, 'two-colour-cover.png');
  const disc = Buffer.from('<svg width="600" height="600"><circle cx="300" cy="300" r="150" fill="#f97316"/></svg>');
  await sharp({ create: { width: 600, height: 600, channels: 3, background: '#0f4c5c' } })
    .composite([{ input: disc }])
    .png()
    .toFile(file);
  return file;
}

/** GET with an explicit Host header (fetch does not let a caller choose it). */
export function getWithHost(baseUrl: string, pathname: string, host: string): Promise<{ status: number; body: string; type: string }> {
  const url = new URL(pathname, baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          type: String(res.headers['content-type'] ?? ''),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}
