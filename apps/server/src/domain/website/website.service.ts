import type { z } from 'zod';
import {
  WEBSITE,
  WEBSITE_MESSAGES,
  CUSTOM_DOMAIN_MESSAGES,
  type TWebsite,
  type TWebsiteChatResponse,
  type TWebsiteLayout,
  type TWebsiteVersionList,
  ZWebsiteVersion,
  type ZWebsiteChatRequest,
  type ZWebsiteDomainRequest,
} from '@ppp/contracts';
import type { TextAiEngine } from '@ppp/audio';
import { AppError, orNotFound } from '../errors.ts';
import type { PlanUser } from '../billing/feature-gate.ts';
import type { EntitlementsService } from '../billing/entitlements.service.ts';
import type { Podcast } from '../podcasts/podcast.entity.ts';
import type { PodcastsService } from '../podcasts/podcasts.service.ts';
import { builtinLayout } from './builtin-layout.ts';
import { builtinChat } from './builtin-chat.ts';
import { modelChat, modelGenerate } from './model-designer.ts';
import { sameLayout, settleLayout } from './layout-rules.ts';
import {
  cnameTargetOf,
  defaultDomainOf,
  hostnameOf,
  isReservedSubdomain,
  siteUrlOf,
  subdomainBase,
  type SiteHosting,
} from './site-address.ts';
import type { SiteFacts, SiteFactsReader } from './site-facts.ts';
import type { CustomDomainsService } from './custom-domains.service.ts';
import type { Website } from './website.entity.ts';
import type { WebsiteRepository } from './website.repository.ts';

/** The site's owner as the plan sees them (the entitlement service reads their plan, never their stored tier alone). */
type Owner = PlanUser;

export interface WebsiteServiceDeps {
  repo: WebsiteRepository;
  podcasts: Pick<PodcastsService, 'getForUser'>;
  /** Whether the owner's plan (checkout, trial, lifetime or the admin's tier) includes a custom domain. */
  entitlements: Pick<EntitlementsService, 'customDomainAllowed' | 'requireCustomDomain'>;
  facts: SiteFactsReader;
  /** The text-AI port's configured engine: a model engine offers complete(). */
  textAi: TextAiEngine;
  hosting: SiteHosting;
  domains: CustomDomainsService;
}

/** Spec 002 §2.13: a show's site, generated, changed by chat, versioned, published, on its domains. Owner only. */
export class WebsiteService {
  private readonly deps: WebsiteServiceDeps;
  constructor(deps: WebsiteServiceDeps) {
    this.deps = deps;
  }

  async get(user: Owner, podcastId: string): Promise<TWebsite> {
    const { website } = await this.owned(user, podcastId);
    return this.toDto(user, website);
  }

  /** POST …/website: creates the site, or refreshes its layout from the show's current data (custom sections kept). */
  async generate(user: Owner, podcastId: string): Promise<TWebsite> {
    const podcast = await this.deps.podcasts.getForUser(user, podcastId);
    const existing = await this.deps.repo.findByPodcast(podcast.id);
    const facts = await this.deps.facts.factsOf(podcast);
    const draft = await builtinLayout(facts, existing?.layout ?? null);
    let layout = draft;
    if (this.deps.textAi.complete) {
      const answer = await modelGenerate(this.deps.textAi.complete, facts, draft).catch(() => null);
      if (!answer) throw new AppError('UPSTREAM', WEBSITE_MESSAGES.generateFailed);
      layout = answer.layout;
    }
    layout = settleLayout(layout, { coverUrl: facts.coverUrl, previousHero: null });
    const website =
      existing ?? this.deps.repo.create({ user: user.id, podcast: podcast.id, subdomain: await this.freeSubdomain(podcast), layout });
    await this.change(website, layout, { action: 'generate', message: null, reply: null });
    website.lastGeneratedAt = new Date();
    await this.deps.repo.flushChange();
    return this.toDto(user, website);
  }

  /** POST …/website/chat: the updated layout and a short reply; a request that changes nothing saves nothing. */
  async chat(user: Owner, podcastId: string, { message }: z.output<typeof ZWebsiteChatRequest>): Promise<TWebsiteChatResponse> {
    const { podcast, website } = await this.owned(user, podcastId);
    const facts = await this.deps.facts.factsOf(podcast);
    const { layout, reply } = await this.answer(facts, website.layout, message);
    const settled = settleLayout(layout, { coverUrl: facts.coverUrl, previousHero: website.layout.hero_image_url });
    const changed = !sameLayout(settled, website.layout);
    if (changed) {
      await this.change(website, settled, { action: 'chat', message, reply });
      await this.deps.repo.flushChange();
    }
    return { ...(await this.toDto(user, website)), reply, changed };
  }

  private async answer(facts: SiteFacts, layout: TWebsiteLayout, message: string): Promise<{ layout: TWebsiteLayout; reply: string }> {
    const complete = this.deps.textAi.complete;
    if (!complete) return builtinChat(layout, message, facts);
    const answer = await modelChat(complete, facts, layout, message).catch(() => null);
    if (!answer) throw new AppError('UPSTREAM', WEBSITE_MESSAGES.updateFailed);
    return { layout: answer.layout, reply: answer.reply ?? 'Updated the site.' };
  }

  /** POST …/website/publish: the draft goes live (a version of its own). */
  async publish(user: Owner, podcastId: string): Promise<TWebsite> {
    const { website } = await this.owned(user, podcastId);
    const version = await this.change(website, website.layout, { action: 'publish', message: null, reply: null });
    website.publishedLayout = website.layout;
    website.publishedVersion = version;
    website.publishedAt = new Date();
    await this.deps.repo.flushChange();
    return this.toDto(user, website);
  }

  /** POST …/website/undo: back to the state the current version was made from. */
  async undo(user: Owner, podcastId: string): Promise<TWebsite> {
    const { website } = await this.owned(user, podcastId);
    const current = await this.deps.repo.findVersion(website, website.version);
    const parent = current?.parentVersion ? await this.deps.repo.findVersion(website, current.parentVersion) : null;
    if (!parent) throw new AppError('CONFLICT', WEBSITE_MESSAGES.nothingToUndo);
    website.layout = parent.layout;
    website.version = parent.version;
    await this.deps.repo.flush();
    return this.toDto(user, website);
  }

  /** POST …/website/versions/{version}/restore: an earlier state, as a new version (so it can be undone too). */
  async restore(user: Owner, podcastId: string, version: number): Promise<TWebsite> {
    const { website } = await this.owned(user, podcastId);
    const earlier = Number.isInteger(version) && version > 0 ? await this.deps.repo.findVersion(website, version) : null;
    if (!earlier) throw new AppError('NOT_FOUND', WEBSITE_MESSAGES.versionNotFound);
    await this.change(website, earlier.layout, { action: 'restore', message: `Restore version ${version}`, reply: null });
    await this.deps.repo.flushChange();
    return this.toDto(user, website);
  }

  async versions(user: Owner, podcastId: string): Promise<TWebsiteVersionList> {
    const { website } = await this.owned(user, podcastId);
    const rows = await this.deps.repo.findVersions(website, WEBSITE.versionsListed);
    return {
      items: rows.map((row) =>
        ZWebsiteVersion.parse({
          version: row.version,
          action: row.action,
          message: row.message ?? null,
          reply: row.reply ?? null,
          created_at: row.createdAt,
          current: row.version === website.version,
          published: row.version === website.publishedVersion,
        }),
      ),
    };
  }

  /**
   * PATCH …/website/domain: claims a custom domain on the allowed tiers, pending until proven (issue 35;
   * 409 when another site holds it verified); blank releases it (a later claim needs proof again).
   */
  async setDomain(user: Owner, podcastId: string, { custom_domain: domain }: z.output<typeof ZWebsiteDomainRequest>): Promise<TWebsite> {
    const { website } = await this.owned(user, podcastId);
    if (domain) {
      await this.deps.entitlements.requireCustomDomain(user);
      if (this.belongsToInstallation(domain)) throw new AppError('VALIDATION', WEBSITE_MESSAGES.domainReserved);
    }
    await this.deps.domains.claim(website, domain);
    await this.deps.repo.flush();
    return this.toDto(user, website);
  }

  /** POST …/website/domain/verify: looks for the claim's proof (TXT record or HTTP challenge) now. */
  async verifyDomain(user: Owner, podcastId: string): Promise<TWebsite> {
    const { website } = await this.owned(user, podcastId);
    if (!website.customDomain) throw new AppError('VALIDATION', CUSTOM_DOMAIN_MESSAGES.noDomain);
    await this.deps.domains.checkNow(website);
    return this.toDto(user, website);
  }

  /** The app's own host and the sites domain (and its subdomains) are never a creator's custom domain. */
  private belongsToInstallation(domain: string): boolean {
    const { baseUrl, sitesBaseDomain } = this.deps.hosting;
    if (domain === hostnameOf(new URL(baseUrl).host)) return true;
    return Boolean(sitesBaseDomain && (domain === sitesBaseDomain || domain.endsWith(`.${sitesBaseDomain}`)));
  }

  /** Saves a new version made from the current one and makes it current; returns its number. */
  private async change(
    website: Website,
    layout: TWebsiteLayout,
    data: { action: 'generate' | 'chat' | 'publish' | 'restore'; message: string | null; reply: string | null },
  ): Promise<number> {
    const parent = website.version > 0 ? website.version : null;
    const version = await this.deps.repo.addVersion(website, { ...data, layout, parent });
    website.layout = layout;
    website.version = version.version;
    return version.version;
  }

  private async owned(user: Owner, podcastId: string): Promise<{ podcast: Podcast; website: Website }> {
    const podcast = await this.deps.podcasts.getForUser(user, podcastId);
    const website = orNotFound(await this.deps.repo.findByPodcast(podcast.id), WEBSITE_MESSAGES.notFound);
    return { podcast, website };
  }

  private async freeSubdomain(podcast: Podcast): Promise<string> {
    const base = subdomainBase(podcast.name);
    for (let n = 1; ; n += 1) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!isReservedSubdomain(candidate) && !(await this.deps.repo.subdomainTaken(candidate))) return candidate;
    }
  }

  async toDto(user: Owner, website: Website): Promise<TWebsite> {
    const { hosting } = this.deps;
    const podcastId = typeof website.podcast === 'string' ? website.podcast : website.podcast.id;
    return {
      podcast_id: podcastId,
      status: statusOf(website),
      layout: website.layout,
      custom_domain: website.customDomain ?? null,
      default_domain: defaultDomainOf(website, hosting),
      subdomain: website.subdomain,
      last_generated_at: website.lastGeneratedAt ?? null,
      published_at: website.publishedAt ?? null,
      public_url: siteUrlOf(website, hosting),
      preview_path: `/api/podcasts/${podcastId}/website/preview`,
      version: website.version,
      published_version: website.publishedVersion ?? null,
      can_undo: website.version > 1,
      custom_domain_allowed: await this.deps.entitlements.customDomainAllowed(user),
      cname_target: cnameTargetOf(website, hosting),
      domain_status: this.deps.domains.status(website),
      engine: this.deps.textAi.complete ? 'model' : 'builtin',
    };
  }
}

/** Spec 002 §4: draft until published; updating while the draft differs from what is live. */
export function statusOf(website: Pick<Website, 'publishedLayout' | 'layout'>): TWebsite['status'] {
  if (!website.publishedLayout) return 'draft';
  return sameLayout(website.publishedLayout, website.layout) ? 'published' : 'updating';
}
