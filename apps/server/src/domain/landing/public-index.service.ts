import { PUBLIC_INDEX } from '@ppp/contracts';
import type { PublicIndexRepository } from './public-index.repository.ts';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The installation's /robots.txt and /sitemap.xml (issue 38): search engines were given the app's
 * HTML for both. The sitemap lists the app's public pages and each published show site (a site on
 * its own host answers its own robots.txt and sitemap, http/sites).
 */
export class PublicIndexService {
  private readonly rows: PublicIndexRepository;
  private readonly baseUrl: string;
  constructor(deps: { rows: PublicIndexRepository; baseUrl: string }) {
    this.rows = deps.rows;
    this.baseUrl = deps.baseUrl.replace(/\/+$/, '');
  }

  robots(): string {
    const lines = ['User-agent: *', 'Allow: /', ...PUBLIC_INDEX.disallow.map((path) => `Disallow: ${path}`)];
    return `${lines.join('\n')}\n\nSitemap: ${this.baseUrl}/sitemap.xml\n`;
  }

  async sitemap(): Promise<string> {
    const sites = await this.rows.publishedSites(PUBLIC_INDEX.maxUrls - PUBLIC_INDEX.pages.length);
    const entries = [
      ...PUBLIC_INDEX.pages.map((page) => `<url><loc>${escapeXml(this.baseUrl + page)}</loc></url>`),
      ...sites.map(
        (site) =>
          `<url><loc>${escapeXml(`${this.baseUrl}/sites/${encodeURIComponent(site.subdomain)}`)}</loc><lastmod>${site.updatedAt.toISOString()}</lastmod></url>`,
      ),
    ];
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
  }
}
