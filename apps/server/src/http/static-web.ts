import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import fs from 'node:fs';
import path from 'node:path';
import type { HttpEnv } from './http-env.ts';

const API_PREFIXES = ['/api', '/trpc', '/files'];

/** Serves the built web app (its Brotli or gzip copy when the browser accepts one); any other GET that wants HTML gets index.html (client-side routes). */
export function mountWebApp(app: Hono<HttpEnv>, distDir: string): void {
  const indexFile = path.join(distDir, 'index.html');
  const root = path.relative(process.cwd(), distDir) || '.';
  app.use('/assets/*', async (c, next) => {
    c.header('cache-control', 'public, max-age=31536000, immutable');
    return next();
  });
  app.use('*', async (c, next) => {
    if (API_PREFIXES.some((p) => c.req.path === p || c.req.path.startsWith(`${p}/`))) return next();
    return serveStatic({ root, precompressed: true })(c, next);
  });
  app.get('*', (c) => {
    if (API_PREFIXES.some((p) => c.req.path === p || c.req.path.startsWith(`${p}/`))) {
      return c.json({ detail: 'Not found', code: 'NOT_FOUND' }, 404);
    }
    if (!fs.existsSync(indexFile)) {
      return c.text('The web app is not built yet. Run `pnpm build` (npm start does this for you).', 503);
    }
    c.header('cache-control', 'no-cache');
    return c.html(fs.readFileSync(indexFile, 'utf8'));
  });
}
