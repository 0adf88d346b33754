import { orNotFound } from '../errors.ts';
import type { User } from '../users/user.entity.ts';
import type { Podcast } from '../podcasts/podcast.entity.ts';
import type { PodcastsService } from '../podcasts/podcasts.service.ts';
import { WEBSITE, WEBSITE_MESSAGES, type TWebsite } from '@ppp/contracts';
import { renderRobots, renderSitemap, renderSitePage } from './render-site.ts';
import { builtinLayout } from './builtin-layout.ts';
import { showPageUrl } from '../publishing/feed/index.ts';
import { hostnameOf, isInstallationHost, servesCustomDomain, siteUrlOf, type SiteHosting } from './site-address.ts';
import type { CustomDomainsService } from './custom-domains.service.ts';
import type { SiteFactsReader } from './site-facts.ts';
import type { Website } from './website.entity.ts';
import { statusOf } from './website.service.ts';
import type { WebsiteRepository } from './website.repository.ts';

export type SiteFile = 'page' | 'sitemap' | 'robots';

export interface SiteResponse {
  status: 200 | 404;
  contentType: string;
  body: string;
  lastModified: Date | null;
}

const HTML = 'text/html; charset=utf-8';

/**
 * The public side of the website builder: published sites by subdomain or by Host header, the
 * owner's draft preview, sitemaps, and the address the show's RSS feed links to.
 */
export class SitePagesService {
  private readonly deps: {
    repo: WebsiteRepository;
    podcasts: Pick<PodcastsService, 'getForUser' | 'getPublic'>;
    facts: SiteFactsReader;
    hosting: SiteHosting;
    domains: Pick<CustomDomainsService, 'challengeAnswer'>;
  };
  constructor(deps: SitePagesService['deps']) {
    this.deps = deps;
  }

  /**
   * Whether a Host header names a site ({subdomain}.{SITES_BASE_DOMAIN} or a custom domain) and which
   * one (null when no site has it yet: still never the app); null for any other host, the app's.
   */
  async siteForHost(host: string | undefined): Promise<{ website: Website | null } | null> {
    const name = hostnameOf(host);
    if (isInstallationHost(name, this.deps.hosting)) return null;
    const base = this.deps.hosting.sitesBaseDomain;
    if (base && name.endsWith(`.${base}`)) {
      const sub = name.slice(0, -(base.length + 1));
      return { website: /^[a-z0-9-]+$/.test(sub) ? await this.deps.repo.findBySubdomain(sub) : null };
    }
    // Issue 35: only a verified custom domain serves, and not past its plan's grace period; a claimed one answers the site's 404.
    const website = await this.deps.repo.findVerifiedByCustomDomain(name);
    if (website && servesCustomDomain(website)) return { website };
    return website || (await this.deps.repo.customDomainClaimed(name)) ? { website: null } : null;
  }

  /** The HTTP challenge of a claim on this installation (issue 35): the token, for the claimed host only. */
  challengeAnswer(host: string | undefined, token: string): Promise<string | null> {
    return this.deps.domains.challengeAnswer(hostnameOf(host), token);
  }

  async siteForSubdomain(subdomain: string): Promise<Website | null> {
    return /^[a-z0-9-]{1,64}$/.test(subdomain) ? this.deps.repo.findBySubdomain(subdomain) : null;
  }

  /** A published site's page, sitemap or robots.txt; 404 (never the draft) when it is not published. */
  async render(website: Website | null, file: SiteFile, now = new Date()): Promise<SiteResponse> {
    if (!website?.publishedLayout || !website.publishedAt) return notPublished();
    const siteUrl = siteUrlOf(website, this.deps.hosting);
    if (file === 'sitemap') {
      return {
        status: 200,
        contentType: 'application/xml; charset=utf-8',
        body: renderSitemap(siteUrl, website.publishedAt),
        lastModified: website.publishedAt,
      };
    }
    if (file === 'robots') {
      return {
        status: 200,
        contentType: 'text/plain; charset=utf-8',
        body: renderRobots(`${siteUrl}sitemap.xml`),
        lastModified: website.publishedAt,
      };
    }
    const podcast = website.podcast;
    return {
      status: 200,
      contentType: HTML,
      body: await this.page(podcast, website, website.publishedLayout, false, now),
      lastModified: null,
    };
  }

  /** The owner's draft, for the builder's preview (never indexed), with a banner saying whether it differs from what is live. */
  async preview(user: Pick<User, 'id'>, podcastId: string, now = new Date()): Promise<string> {
    const podcast = await this.deps.podcasts.getForUser(user, podcastId);
    const website = orNotFound(await this.deps.repo.findByPodcast(podcast.id), WEBSITE_MESSAGES.notFound);
    return this.page(podcast, website, website.layout, statusOf(website), now);
  }

  /**
   * /podcasts/{id}, the show link of its RSS feed: the published site when there is one (redirect),
   * else a public page made from the show as the builder would start it (never stored); 404 for no show.
   */
  async showPage(podcastId: string, now = new Date()): Promise<SiteResponse | { redirect: string }> {
    const podcast = await this.deps.podcasts.getPublic(podcastId).catch(() => null);
    if (!podcast) return notPublished();
    const site = await this.publishedUrlOf(podcast.id);
    if (site) return { redirect: site };
    const layout = await builtinLayout(await this.deps.facts.factsOf(podcast), null);
    const body = renderSitePage({
      layout,
      showName: podcast.name,
      language: podcast.language,
      siteUrl: `${showPageUrl(this.deps.hosting.baseUrl, podcast.id)}/`,
      feedUrl: this.deps.facts.feedUrlOf(podcast),
      episodes: await this.deps.facts.liveEpisodes(podcast, Math.min(layout.episodes.count, WEBSITE.maxEpisodes), now),
      authorName: podcast.authorName ?? null,
      preview: false,
      now,
    });
    return { status: 200, contentType: HTML, body, lastModified: null };
  }

  /** Where the show's RSS feed links: its published site, or null when it has none. */
  async publishedUrlOf(podcastId: string): Promise<string | null> {
    const website = await this.deps.repo.findByPodcast(podcastId);
    return website?.publishedAt ? siteUrlOf(website, this.deps.hosting) : null;
  }

  private async page(
    podcast: Podcast,
    website: Website,
    layout: Website['layout'],
    preview: TWebsite['status'] | false,
    now: Date,
  ): Promise<string> {
    return renderSitePage({
      layout,
      showName: podcast.name,
      language: podcast.language,
      siteUrl: siteUrlOf(website, this.deps.hosting),
      feedUrl: this.deps.facts.feedUrlOf(podcast),
      episodes: await this.deps.facts.liveEpisodes(podcast, Math.min(layout.episodes.count, WEBSITE.maxEpisodes), now),
      authorName: podcast.authorName ?? null,
      preview,
      now,
    });
  }
}

function notPublished(): SiteResponse {
  return {
    status: 404,
    contentType: HTML,
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Not found</title></head><body style="font:18px/1.6 system-ui,sans-serif;padding:40px;color:#111827"><main><h1>Not found</h1><p>${WEBSITE_MESSAGES.notPublished}</p></main></body></html>`,
    lastModified: null,
  };
}
