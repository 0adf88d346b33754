import { WEBSITE_MESSAGES, type TWebsite, type TWebsiteLayout } from '@ppp/contracts';
import { plainText } from '../text/podcast-html.ts';
import { sanitizePodcastHtml } from '../text/podcast-html.ts';
import { escapeHtml as e, jsonForScript } from './html.ts';
import { isBuiltIn } from './section-names.ts';
import type { SiteEpisode } from './site-facts.ts';
import { siteCss } from './site-style.ts';
import { episodeAnchor } from '../publishing/feed/build-feed.ts';

export interface SitePage {
  layout: TWebsiteLayout;
  showName: string;
  language: string;
  /** The canonical address of the page, ending in '/'. */
  siteUrl: string;
  feedUrl: string;
  episodes: SiteEpisode[];
  authorName: string | null;
  /** The owner's preview (not indexed, with a banner saying what it shows: the site's status), or false for the public page. */
  preview: TWebsite['status'] | false;
  now: Date;
}

const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

function duration(seconds: number | null): string {
  if (!seconds) return '';
  const minutes = Math.round(seconds / 60);
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${Math.max(1, minutes)} min`;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

function episodeItem(episode: SiteEpisode): string {
  const meta = [episode.publishedAt ? DATE.format(episode.publishedAt) : '', duration(episode.durationS)].filter(Boolean).join(' · ');
  const notes = plainText(sanitizePodcastHtml(episode.descriptionHtml), 280);
  return `<li class="episode" id="${e(episodeAnchor(episode.id))}"><article><h3>${e(episode.title)}</h3>${meta ? `<p class="meta">${e(meta)}</p>` : ''}${
    notes ? `<p>${e(notes)}</p>` : ''
  }<audio controls preload="none" aria-label="${e(`Play ${episode.title}`)}"><source src="${e(episode.audioUrl)}" type="${e(
    episode.audioType,
  )}"><a href="${e(episode.audioUrl)}">Download ${e(episode.title)}</a></audio></article></li>`;
}

function sectionBody(page: SitePage, key: string): { heading: string; body: string } | null {
  const { layout } = page;
  switch (key) {
    case 'about':
      return { heading: layout.about.heading, body: `<div class="prose">${sanitizePodcastHtml(layout.about.body)}</div>` };
    case 'episodes': {
      const list = page.episodes.slice(0, layout.episodes.count);
      const body = list.length
        ? `<ol class="episodes">${list.map(episodeItem).join('')}</ol>`
        : '<p>New episodes are on the way. Subscribe to hear the first one.</p>';
      return { heading: layout.episodes.heading, body };
    }
    case 'hosts':
      if (layout.hosts.length === 0) return null;
      return {
        heading: layout.hosts.length === 1 ? 'Your host' : 'Your hosts',
        body: `<ul class="hosts">${layout.hosts
          .map(
            (h) =>
              `<li class="host"><span class="avatar" aria-hidden="true">${e(initials(h.name))}</span><div><strong>${e(h.name)}</strong>${
                h.role ? `<span>${e(h.role)}</span>` : ''
              }</div></li>`,
          )
          .join('')}</ul>`,
      };
    case 'subscribe':
      return {
        heading: layout.subscribe.heading,
        body: `<ul class="links">${layout.subscribe.links
          .map((l) => `<li><a class="btn" href="${e(l.url)}" rel="noopener">${e(l.label)}</a></li>`)
          .join('')}</ul>`,
      };
    default: {
      const section = layout.additional_sections.find((s) => s.id === key);
      return section ? { heading: section.heading, body: `<div class="prose">${sanitizePodcastHtml(section.body)}</div>` } : null;
    }
  }
}

function sections(page: SitePage): string {
  let band = false;
  return page.layout.section_order
    .map((key) => {
      const cta = page.layout.call_to_action;
      if (key === 'call_to_action') {
        if (!cta) return '';
        return `<section class="cta" id="listen" aria-labelledby="s-cta"><div class="wrap"><h2 id="s-cta">${e(cta.heading)}</h2>${
          cta.body ? `<p>${e(cta.body)}</p>` : ''
        }<a class="btn" href="${e(cta.button_url)}" rel="noopener">${e(cta.button_label)}</a></div></section>`;
      }
      const content = sectionBody(page, key);
      if (!content) return '';
      band = !band;
      const id = isBuiltIn(key) ? key : key.replace(/^custom-/, '');
      return `<section id="${e(id)}" class="${band ? '' : 'band'}" aria-labelledby="s-${e(id)}"><div class="wrap"><h2 id="s-${e(id)}">${e(
        content.heading,
      )}</h2>${content.body}</div></section>`;
    })
    .join('');
}

function head(page: SitePage): string {
  const { layout } = page;
  const description = plainText(layout.hero_subtitle || sanitizePodcastHtml(layout.about.body), 200);
  const image = layout.hero_image_url;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'PodcastSeries',
    name: page.showName,
    description,
    url: page.siteUrl,
    webFeed: page.feedUrl,
    ...(image ? { image } : {}),
    ...(page.authorName ? { author: { '@type': 'Person', name: page.authorName } } : {}),
  };
  const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${e(value)}">`;
  return [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${e(layout.hero_title)}</title>`,
    meta('name', 'description', description),
    page.preview ? '<meta name="robots" content="noindex,nofollow">' : `<link rel="canonical" href="${e(page.siteUrl)}">`,
    `<link rel="alternate" type="application/rss+xml" title="${e(page.showName)}" href="${e(page.feedUrl)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', layout.hero_title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', page.siteUrl),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', `Cover art of ${page.showName}`)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', layout.hero_title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    `<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`,
    `<style>${siteCss(layout.theme)}</style>`,
  ].join('\n');
}

const PREVIEW_BANNERS: Record<TWebsite['status'], string> = {
  draft: WEBSITE_MESSAGES.previewDraft,
  updating: WEBSITE_MESSAGES.previewUpdating,
  published: WEBSITE_MESSAGES.previewPublished,
};

/** A show's public page: server-rendered, no script, every creator text escaped or sanitized. */
export function renderSitePage(page: SitePage): string {
  const { layout } = page;
  const cta = layout.call_to_action;
  const hero = `<div class="hero"><div><h1>${e(layout.hero_title)}</h1>${layout.hero_subtitle ? `<p>${e(layout.hero_subtitle)}</p>` : ''}
<div class="actions">${page.episodes.length ? '<a class="btn" href="#episodes">Listen now</a>' : ''}${
    cta ? `<a class="btn ghost" href="${e(cta.button_url)}" rel="noopener">${e(cta.button_label)}</a>` : ''
  }</div></div>${layout.hero_image_url ? `<img src="${e(layout.hero_image_url)}" alt="${e(`Cover art of ${page.showName}`)}" width="420" height="420">` : ''}</div>`;
  return `<!doctype html>
<html lang="${e(page.language || 'en')}">
<head>
${head(page)}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
${page.preview ? `<div class="draft" role="status">${e(PREVIEW_BANNERS[page.preview])}</div>` : ''}
<header class="top"><nav class="bar" aria-label="Site"><a class="brand" href="${e(page.siteUrl)}">${e(page.showName)}</a><a class="btn" href="${e(
    page.feedUrl,
  )}">RSS feed</a></nav>
${hero}
</header>
<main id="main">${sections(page)}</main>
<footer><div class="wrap">© ${page.now.getUTCFullYear()} ${e(page.showName)} · <a href="${e(page.feedUrl)}">RSS feed</a> · Made with Podcast Plus Plus</div></footer>
</body>
</html>`;
}

/** sitemap.xml of a site: its one page. */
export function renderSitemap(siteUrl: string, lastModified: Date): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${e(siteUrl)}</loc><lastmod>${lastModified.toISOString()}</lastmod></url></urlset>
`;
}

export function renderRobots(sitemapUrl: string): string {
  return `User-agent: *\nAllow: /\nSitemap: ${sitemapUrl}\n`;
}
