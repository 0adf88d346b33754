import { WEBSITE_MESSAGES, type TWebsiteLayout } from '@ppp/contracts';
import { AppError } from '../errors.ts';
import { EpisodeSchema, type Episode } from '../episodes/episode.entity.ts';
import { DistributionItemSchema, type DistributionItem } from '../podcasts/distribution-item.entity.ts';
import { UserSchema, type User } from '../users/user.entity.ts';
import { CustomDomainHolderSchema, WebsiteSchema, WebsiteVersionSchema, type Website, type WebsiteVersion } from './website.entity.ts';
import { Repository } from '../../db/repository.ts';

/** All ORM access for sites, their versions, and what a site shows of its show and owner. */
export class WebsiteRepository extends Repository {
  findByPodcast(podcastId: string): Promise<Website | null> {
    return this.em.findOne(WebsiteSchema, { podcast: podcastId });
  }

  findBySubdomain(subdomain: string): Promise<Website | null> {
    return this.em.findOne(WebsiteSchema, { subdomain }, { populate: ['podcast'] });
  }

  /** The site that verified a custom domain (one at most), with its show. */
  findVerifiedByCustomDomain(domain: string): Promise<Website | null> {
    return this.em.findOne(WebsiteSchema, { customDomain: domain, domainState: 'verified' }, { populate: ['podcast'] });
  }

  async customDomainClaimed(domain: string): Promise<boolean> {
    return (await this.em.count(WebsiteSchema, { customDomain: domain })) > 0;
  }

  /** Whether another site holds the domain verified. */
  async verifiedElsewhere(domain: string, exceptId: string): Promise<boolean> {
    return (await this.em.count(WebsiteSchema, { customDomain: domain, domainState: 'verified', id: { $ne: exceptId } })) > 0;
  }

  /** The claim of `domain` whose token is `token`, if any. */
  findClaim(domain: string, token: string): Promise<Website | null> {
    return this.em.findOne(WebsiteSchema, { customDomain: domain, domainToken: token });
  }

  /** Sites with a custom domain (one account's when userId is given), with show and owner, by domain. */
  findWithCustomDomain(userId: string | null): Promise<Website[]> {
    return this.em.find(
      WebsiteSchema,
      { customDomain: { $ne: null }, ...(userId ? { user: userId } : {}) },
      { populate: ['podcast', 'user'], orderBy: { customDomain: 'asc', id: 'asc' } },
    );
  }

  /** The account that last proved the domain, if any. */
  async holderOf(domain: string): Promise<string | null> {
    const row = await this.em.findOne(CustomDomainHolderSchema, { domain });
    return row ? (typeof row.user === 'string' ? row.user : row.user.id) : null;
  }

  /** Records that `userId` proved `domain` now (written on the next flush). */
  async recordHolder(domain: string, userId: string, now: Date): Promise<void> {
    const row = await this.em.findOne(CustomDomainHolderSchema, { domain });
    if (row) Object.assign(row, { user: this.em.getReference(UserSchema, userId), verifiedAt: now });
    else this.em.create(CustomDomainHolderSchema, { domain, user: userId, verifiedAt: now });
  }

  async subdomainTaken(subdomain: string): Promise<boolean> {
    return (await this.em.count(WebsiteSchema, { subdomain })) > 0;
  }

  create(data: { user: string; podcast: string; subdomain: string; layout: TWebsiteLayout }): Website {
    return this.em.create(WebsiteSchema, { ...data, version: 0 });
  }

  /** The next version of a site (one past the highest stored), written on the next flush: one per change. */
  async addVersion(
    website: Website,
    data: {
      action: WebsiteVersion['action'];
      layout: TWebsiteLayout;
      message?: string | null;
      reply?: string | null;
      parent: number | null;
    },
  ): Promise<WebsiteVersion> {
    const highest = await this.highestVersion(website);
    return this.em.create(WebsiteVersionSchema, {
      website,
      version: highest + 1,
      parentVersion: data.parent,
      action: data.action,
      layout: data.layout,
      message: data.message ?? null,
      reply: data.reply ?? null,
    });
  }

  /** Writes a change with its new version; a 409 when another change took that version number meanwhile. */
  async flushChange(): Promise<void> {
    if (!(await this.flushUnlessDuplicate())) throw new AppError('CONFLICT', WEBSITE_MESSAGES.changedMeanwhile);
  }

  private async highestVersion(website: Website): Promise<number> {
    const rows = await this.em.find(
      WebsiteVersionSchema,
      { website: website.id },
      { orderBy: { version: 'desc' }, limit: 1, fields: ['version'] },
    );
    return rows[0]?.version ?? 0;
  }

  findVersion(website: Website, version: number): Promise<WebsiteVersion | null> {
    return this.em.findOne(WebsiteVersionSchema, { website: website.id, version });
  }

  findVersions(website: Website, limit: number): Promise<WebsiteVersion[]> {
    return this.em.find(WebsiteVersionSchema, { website: website.id }, { orderBy: { version: 'desc' }, limit });
  }

  /** Writes the changes; false when another site took the same address (a unique subdomain or custom domain) meanwhile. */
  flushUnlessAddressTaken(): Promise<boolean> {
    return this.flushUnlessDuplicate();
  }

  /** The account a show belongs to; null when it is gone. */
  ownerOf(userId: string): Promise<User | null> {
    return this.em.findOne(UserSchema, { id: userId });
  }

  /** The show's completed directory listings (its distribution checklist's done items). */
  completedListings(podcastId: string): Promise<DistributionItem[]> {
    return this.em.find(DistributionItemSchema, { podcast: podcastId, status: 'completed' });
  }

  /** The show's public episodes, published or scheduled and due, newest first (the feed's own rule still applies). */
  publicEpisodes(podcastId: string, now: Date, limit: number): Promise<Episode[]> {
    return this.em.find(
      EpisodeSchema,
      { podcast: podcastId, status: { $in: ['published', 'scheduled'] }, publishAt: { $lte: now }, visibility: 'public' },
      { orderBy: { publishAt: 'desc nulls last', id: 'asc' }, limit },
    );
  }
}
