import { WEBSITE } from '@ppp/contracts';

export interface SiteHosting {
  /** This installation's public origin (no trailing slash). */
  baseUrl: string;
  /** SITES_BASE_DOMAIN: sites answer at {subdomain}.{this} when set. */
  sitesBaseDomain: string | null;
}

type Addressed = {
  subdomain: string;
  customDomain?: string | null;
  domainState?: string | null;
  domainGraceUntil?: Date | null;
};

/** Issue 35: a custom domain serves the site only once verified, and not past the grace period of a plan that lost it. */
export function servesCustomDomain(site: Addressed, now = new Date()): boolean {
  if (!site.customDomain || site.domainState !== 'verified') return false;
  return !site.domainGraceUntil || site.domainGraceUntil.getTime() > now.getTime();
}

export function defaultDomainOf(site: Addressed, hosting: SiteHosting): string | null {
  return hosting.sitesBaseDomain ? `${site.subdomain}.${hosting.sitesBaseDomain}` : null;
}

/** The published site's address, ending in '/': its custom domain, else its default domain, else /sites/{subdomain} here. */
export function siteUrlOf(site: Addressed, hosting: SiteHosting): string {
  const base = new URL(hosting.baseUrl);
  const custom = servesCustomDomain(site) ? site.customDomain : null;
  const domain = custom ?? defaultDomainOf(site, hosting);
  if (domain) return `${base.protocol}//${domain}${base.port && !custom ? `:${base.port}` : ''}/`;
  return `${hosting.baseUrl}/sites/${site.subdomain}/`;
}

/** What a custom domain's CNAME record points at: the default domain, else this installation's host. */
export function cnameTargetOf(site: Addressed, hosting: SiteHosting): string {
  return defaultDomainOf(site, hosting) ?? new URL(hosting.baseUrl).hostname;
}

/** A subdomain from a show name: lowercase letters, digits and hyphens. */
export function subdomainBase(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, WEBSITE.subdomainMaxLength - 4)
    .replace(/-+$/g, '');
  return slug.length >= 2 ? slug : 'show';
}

export function isReservedSubdomain(subdomain: string): boolean {
  return (WEBSITE.reservedSubdomains as readonly string[]).includes(subdomain);
}

/** A Host header without its port, lowercase, no trailing dot. */
export function hostnameOf(host: string | undefined | null): string {
  return (host ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

/** Hosts that are this installation itself (or an address, or empty): the app answers them without a database look-up. */
export function isInstallationHost(host: string, hosting: SiteHosting): boolean {
  const name = hostnameOf(host);
  if (!name || name === 'localhost' || /^[\d.]+$/.test(name) || name.startsWith('[')) return true;
  return name === hostnameOf(new URL(hosting.baseUrl).host);
}
