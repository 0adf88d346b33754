import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { TWebsiteLayout } from '@ppp/contracts';
import { ownerColumn } from '../users/user.entity.ts';
import { PodcastSchema } from '../podcasts/podcast.entity.ts';
import { uuidPrimaryKey, createdAtColumn, updatedAtColumn } from '../../db/entity-columns.ts';

/**
 * A show's public site (spec 002 §3 'Website'): the draft layout the builder edits, the layout the
 * public sees since the last publish, and the addresses it answers on.
 */
export const WebsiteSchema = defineEntity({
  name: 'Website',
  tableName: 'websites',
  properties: {
    id: uuidPrimaryKey(),
    user: () => ownerColumn().index(),
    podcast: () => p.oneToOne(PodcastSchema).owner().deleteRule('cascade').unique(),
    subdomain: p.string().length(64).unique(),
    /** Claimed by any number of sites; verified (and so served) by one at most (a partial unique index). */
    customDomain: p.string().length(253).nullable(),
    /** The claim's proof (issue 35): pending until proven, verified, or failed with domainFailure. */
    domainState: p.string().length(16).nullable(),
    /** The claim's random token: the TXT record's value and the HTTP challenge's answer. */
    domainToken: p.string().length(64).nullable(),
    domainFailure: p.text().nullable(),
    domainCheckedAt: p.datetime().nullable(),
    domainVerifiedAt: p.datetime().nullable(),
    /** The plan lost custom domains: the domain serves until then. */
    domainGraceUntil: p.datetime().nullable(),
    /** The draft: the current version's layout. */
    layout: p.json<TWebsiteLayout>(),
    version: p.integer(),
    publishedLayout: p.json<TWebsiteLayout>().nullable(),
    publishedVersion: p.integer().nullable(),
    lastGeneratedAt: p.datetime().nullable(),
    publishedAt: p.datetime().nullable(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
});
export type Website = InferEntity<typeof WebsiteSchema>;

/**
 * One saved state of a site: every generate, chat change, publish and restore writes one. parent is
 * the version it was made from, so undo goes back to exactly the state before the change.
 */
export const WebsiteVersionSchema = defineEntity({
  name: 'WebsiteVersion',
  tableName: 'website_versions',
  uniques: [{ properties: ['website', 'version'] }],
  properties: {
    id: uuidPrimaryKey(),
    website: () => p.manyToOne(WebsiteSchema).deleteRule('cascade'),
    version: p.integer(),
    parentVersion: p.integer().nullable(),
    action: p.string().length(16),
    message: p.text().nullable(),
    reply: p.text().nullable(),
    layout: p.json<TWebsiteLayout>(),
    createdAt: createdAtColumn(),
  },
});
export type WebsiteVersion = InferEntity<typeof WebsiteVersionSchema>;

/**
 * Who last proved a custom domain (issue 35), kept after the site lets it go: the installation answers
 * its own HTTP challenge only for a claim by that account (or a domain nobody proved before), so a
 * domain whose DNS still points here after its owner released it cannot be taken by another account
 * without a TXT record.
 */
export const CustomDomainHolderSchema = defineEntity({
  name: 'CustomDomainHolder',
  tableName: 'custom_domain_holders',
  properties: {
    domain: p.string().length(253).primary(),
    user: () => ownerColumn(),
    verifiedAt: p.datetime(),
  },
});
export type CustomDomainHolder = InferEntity<typeof CustomDomainHolderSchema>;
