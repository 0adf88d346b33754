import { randomBytes } from 'node:crypto';
import {
  CUSTOM_DOMAIN,
  CUSTOM_DOMAIN_MESSAGES,
  ZAdminCustomDomainList,
  type TAdminCustomDomainList,
  type TCustomDomainStatus,
} from '@ppp/contracts';
import { AppError, orNotFound } from '../errors.ts';
import type { PlanUser } from '../billing/feature-gate.ts';
import type { EntitlementsService } from '../billing/entitlements.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { User } from '../users/user.entity.ts';
import { servesCustomDomain } from './site-address.ts';
import type { DomainProofPort } from './domain-proof.port.ts';
import type { Website } from './website.entity.ts';
import type { WebsiteRepository } from './website.repository.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type Proof = { proven: true } | { proven: false; transient: boolean; message: string };

const idOf = (ref: string | { id: string }): string => (typeof ref === 'string' ? ref : ref.id);

/**
 * Custom domains proven before they serve (issue 35), as hosting platforms do them: a claim is
 * pending until a TXT record or the HTTP challenge shows its token; only a verified domain serves
 * (one site at most); proof and plan are checked again on a schedule and on a plan change; a plan
 * without custom domains stops the domain after a grace period, with a notice to the owner.
 */
export class CustomDomainsService {
  private readonly deps: {
    repo: WebsiteRepository;
    proof: DomainProofPort;
    entitlements: Pick<EntitlementsService, 'customDomainAllowed'>;
    notifications: Pick<NotificationsService, 'notify'>;
  };
  constructor(deps: CustomDomainsService['deps']) {
    this.deps = deps;
  }

  /** A site claims `domain` (null releases it): a new claim is pending with a fresh token; the same domain again changes nothing. */
  async claim(website: Website, domain: string | null): Promise<void> {
    if (domain === (website.customDomain ?? null)) return;
    if (domain && (await this.deps.repo.verifiedElsewhere(domain, website.id))) {
      throw new AppError('CONFLICT', CUSTOM_DOMAIN_MESSAGES.verifiedElsewhere);
    }
    Object.assign(website, {
      customDomain: domain,
      domainState: domain ? 'pending' : null,
      domainToken: domain ? randomBytes(CUSTOM_DOMAIN.tokenBytes).toString('hex') : null,
      domainFailure: null,
      domainCheckedAt: null,
      domainVerifiedAt: null,
      domainGraceUntil: null,
    });
  }

  /**
   * Checks a site's domain now: the owner's plan first (its grace period, then the end of serving),
   * then the proof when `force`d, not verified yet, or last checked over CUSTOM_DOMAIN.recheckHours ago.
   * Writes what it found.
   */
  async check(website: Website, owner: PlanUser, { now = new Date(), force = false } = {}): Promise<void> {
    const domain = website.customDomain;
    if (!domain) return;
    if (!(await this.deps.entitlements.customDomainAllowed(owner, now))) {
      await this.withoutPlan(website, domain, now);
      return this.deps.repo.flush();
    }
    website.domainGraceUntil = null;
    const due = !website.domainCheckedAt || now.getTime() - website.domainCheckedAt.getTime() >= CUSTOM_DOMAIN.recheckHours * HOUR_MS;
    if (!force && website.domainState === 'verified' && !due) return this.deps.repo.flush();
    website.domainCheckedAt = now;
    const proof = await this.prove(domain, website.domainToken ?? '');
    if (proof.proven) await this.verified(website, domain, now);
    else if (proof.transient) website.domainFailure = proof.message;
    else Object.assign(website, { domainState: 'failed', domainFailure: proof.message, domainVerifiedAt: null });
    if (!(await this.deps.repo.flushUnlessAddressTaken())) throw new AppError('CONFLICT', CUSTOM_DOMAIN_MESSAGES.verifiedElsewhere);
  }

  /** "Verify now": the proof looked at at once, with the site owner's plan. */
  async checkNow(website: Website): Promise<void> {
    const owner = orNotFound(await this.deps.repo.ownerOf(idOf(website.user)), CUSTOM_DOMAIN_MESSAGES.noDomain);
    await this.check(website, owner, { force: true });
  }

  /** The scheduled re-check (every site with a custom domain) or a plan change's (one account's): how many were checked. */
  async recheck(userId: string | null, now = new Date()): Promise<number> {
    const sites = await this.deps.repo.findWithCustomDomain(userId);
    for (const site of sites) await this.check(site, site.user as User, { now });
    return sites.length;
  }

  /** The body of http://{host}/.well-known/ppp-challenge/{token} for a claim on this installation, or null (404). */
  async challengeAnswer(host: string, token: string): Promise<string | null> {
    if (!/^[0-9a-f]{8,64}$/.test(token)) return null;
    const claim = await this.deps.repo.findClaim(host, token);
    if (!claim) return null;
    // A domain another account proved before (and may still point here) is proven by TXT only.
    const holder = await this.deps.repo.holderOf(host);
    return holder && holder !== idOf(claim.user) ? null : token;
  }

  status(website: Website, now = new Date()): TCustomDomainStatus | null {
    const domain = website.customDomain;
    if (!domain) return null;
    const token = website.domainToken ?? '';
    return {
      domain,
      state: (website.domainState ?? 'pending') as TCustomDomainStatus['state'],
      txt_name: `${CUSTOM_DOMAIN.txtPrefix}.${domain}`,
      txt_value: token,
      http_url: `http://${domain}${CUSTOM_DOMAIN.challengePath}${token}`,
      failure: website.domainFailure ?? null,
      checked_at: website.domainCheckedAt ?? null,
      verified_at: website.domainVerifiedAt ?? null,
      grace_until: website.domainGraceUntil ?? null,
      serving: servesCustomDomain(website, now),
    };
  }

  /** The admin panel's list: every claimed domain with its show, owner, state and last check. */
  async adminList(now = new Date()): Promise<TAdminCustomDomainList> {
    const sites = await this.deps.repo.findWithCustomDomain(null);
    return ZAdminCustomDomainList.parse({
      items: sites.map((site) => {
        const { txt_name: _n, txt_value: _v, http_url: _u, ...status } = this.status(site, now)!;
        const podcast = site.podcast as { id: string; name: string };
        return { ...status, podcast_id: podcast.id, podcast_name: podcast.name, owner_email: (site.user as User).email };
      }),
    });
  }

  private async prove(domain: string, token: string): Promise<Proof> {
    const txt = await this.deps.proof.txt(`${CUSTOM_DOMAIN.txtPrefix}.${domain}`);
    if ('found' in txt && txt.found.some((value) => value.trim() === token)) return { proven: true };
    const answer = await this.deps.proof.httpGet(domain, `${CUSTOM_DOMAIN.challengePath}${token}`);
    if (answer?.trim() === token) return { proven: true };
    if ('error' in txt) return { proven: false, transient: true, message: CUSTOM_DOMAIN_MESSAGES.lookupFailed(domain) };
    return { proven: false, transient: false, message: CUSTOM_DOMAIN_MESSAGES.notProven(domain) };
  }

  private async verified(website: Website, domain: string, now: Date): Promise<void> {
    if (await this.deps.repo.verifiedElsewhere(domain, website.id)) {
      Object.assign(website, { domainState: 'failed', domainFailure: CUSTOM_DOMAIN_MESSAGES.verifiedElsewhere, domainVerifiedAt: null });
      return;
    }
    Object.assign(website, { domainState: 'verified', domainFailure: null, domainVerifiedAt: website.domainVerifiedAt ?? now });
    await this.deps.repo.recordHolder(domain, idOf(website.user), now);
  }

  /** The plan has no custom domain: a verified one serves until the grace period ends (the owner told once), then needs proof again. */
  private async withoutPlan(website: Website, domain: string, now: Date): Promise<void> {
    const owner = idOf(website.user);
    if (website.domainState === 'verified' && !website.domainGraceUntil) {
      website.domainGraceUntil = new Date(now.getTime() + CUSTOM_DOMAIN.graceDays * DAY_MS);
      await this.deps.notifications.notify(owner, {
        title: CUSTOM_DOMAIN_MESSAGES.graceNoticeTitle,
        body: CUSTOM_DOMAIN_MESSAGES.graceNotice(domain, website.domainGraceUntil),
        dedupeKey: `domain-grace:${website.id}:${website.domainVerifiedAt?.getTime() ?? 0}`,
      });
      return;
    }
    if (servesCustomDomain(website, now)) return;
    const graceEnded = website.domainState === 'verified' ? website.domainGraceUntil : null;
    Object.assign(website, { domainState: 'failed', domainFailure: CUSTOM_DOMAIN_MESSAGES.planLapsed, domainVerifiedAt: null });
    website.domainGraceUntil = null;
    if (graceEnded) {
      await this.deps.notifications.notify(owner, {
        title: CUSTOM_DOMAIN_MESSAGES.lapsedNoticeTitle,
        body: CUSTOM_DOMAIN_MESSAGES.planLapsed,
        dedupeKey: `domain-lapsed:${website.id}:${graceEnded.getTime()}`,
      });
    }
  }
}
