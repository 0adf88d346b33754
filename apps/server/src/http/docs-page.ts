import type { Hono } from 'hono';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HttpEnv } from './http-env.ts';

/** A readable API reference at /api/docs, rendered by Scalar from a local copy (no CDN needed). */
export function mountDocs(app: Hono<HttpEnv>): void {
  const entry = fileURLToPath(import.meta.resolve('@scalar/api-reference'));
  const standalone = path.join(path.dirname(entry), 'browser', 'standalone.js');
  let script: Promise<string> | null = null;
  app.get('/api/docs/scalar.js', async (c) => {
    script ??= fs.readFile(standalone, 'utf8');
    c.header('cache-control', 'public, max-age=86400');
    return c.body(await script, 200, { 'content-type': 'text/javascript; charset=utf-8' });
  });
  app.get('/api/docs', (c) =>
    c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Podcast Plus Plus API</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<script id="api-reference" data-url="/api/openapi.json" data-configuration='{"withDefaultFonts":false,"hideClientButton":true}'></script>
<script src="/api/docs/scalar.js"></script>
</body></html>`),
  );
}
