import type { Context, Hono } from 'hono';
import { CUSTOM_DOMAIN } from '@ppp/contracts';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createServices, type Services, type SharedDeps } from '../../domain/services.ts';
import type { SiteFile, SiteResponse } from '../../domain/website/site-pages.service.ts';
import type { Website } from '../../domain/website/website.entity.ts';
import { isInstallationHost } from '../../domain/website/site-address.ts';
import { siteHosting } from '../../domain/website/website-services.ts';
import type { HttpEnv } from '../http-env.ts';

const FILES: Readonly<Record<string, SiteFile>> = { '': 'page', 'sitemap.xml': 'sitemap', 'robots.txt': 'robots' };

async function serveSite(c: Context, services: Services, website: Website | null, file: SiteFile | undefined): Promise<Response> {
  return servePage(c, await services.sitePages.render(file ? website : null, file ?? 'page'));
}

function servePage(c: Context, site: SiteResponse): Response {
  const headers: Record<string, string> = {
    'content-type': site.contentType,
    'cache-control': site.status === 200 ? 'public, max-age=60' : 'no-store',
    'x-content-type-options': 'nosniff',
    // The page runs no script and loads nothing but its images and the episodes' audio.
    'content-security-policy':
      "default-src 'none'; img-src http: https: data:; media-src http: https:; style-src 'unsafe-inline'; frame-ancestors 'self'",
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  if (site.lastModified) headers['last-modified'] = site.lastModified.toUTCString();
  return c.req.method === 'HEAD' ? c.body(null, site.status, headers) : c.body(site.body, site.status, headers);
}

/**
 * Show websites: published sites at /sites/{subdomain}, and by Host header at
 * {subdomain}.{SITES_BASE_DOMAIN} or a custom domain. A site's host serves only that site (every
 * other path is the site's 404, never the app); any other host gets the app as before.
 */
export function mountSites(app: Hono<HttpEnv>, orm: MikroORM, shared: SharedDeps): void {
  const hosting = siteHosting(shared.config);
  const trustProxy = shared.config.TRUST_PROXY;
  app.use('*', async (c, next) => {
    const host = (trustProxy ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim() : undefined) ?? c.req.header('host') ?? '';
    if (isInstallationHost(host, hosting)) return next();
    const services = createServices(orm.em.fork(), shared);
    if (c.req.path.startsWith(CUSTOM_DOMAIN.challengePath)) {
      const answer = await services.sitePages.challengeAnswer(host, c.req.path.slice(CUSTOM_DOMAIN.challengePath.length));
      const headers = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
      return answer ? c.body(answer, 200, headers) : c.body('Not found', 404, headers);
    }
    const match = await services.sitePages.siteForHost(host);
    if (!match) return next();
    const method = c.req.method;
    const file = method === 'GET' || method === 'HEAD' ? FILES[c.req.path.replace(/^\/+/, '')] : undefined;
    return serveSite(c, services, match.website, file);
  });
  // The show link of a built-in feed: its published site, or its public page until it has one.
  app.on(['GET', 'HEAD'], ['/podcasts/:id', '/podcasts/:id/'], async (c) => {
    const page = await createServices(orm.em.fork(), shared).sitePages.showPage(c.req.param('id'));
    return 'redirect' in page ? c.redirect(page.redirect, 302) : servePage(c, page);
  });
  app.on(['GET', 'HEAD'], ['/sites/:subdomain', '/sites/:subdomain/', '/sites/:subdomain/:file'], async (c) => {
    const services = createServices(orm.em.fork(), shared);
    const website = await services.sitePages.siteForSubdomain(c.req.param('subdomain'));
    return serveSite(c, services, website, FILES[c.req.param('file') ?? '']);
  });
}
