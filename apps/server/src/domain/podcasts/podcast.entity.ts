import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { TShowPodcasting20Input } from '@ppp/contracts';
import { ownerColumn } from '../users/user.entity.ts';
import { uuidPrimaryKey, createdAtColumn, updatedAtColumn } from '../../db/entity-columns.ts';

/**
 * A show (spec 001 'Manage Podcasts'): the Edit Podcast fields of ZPodcastSettings, its cover,
 * and where it is hosted (the built-in host by default, or a linked Spreaker show).
 */
export const PodcastSchema = defineEntity({
  name: 'Podcast',
  tableName: 'podcasts',
  properties: {
    id: uuidPrimaryKey(),
    user: () => ownerColumn().index(),
    name: p.string().length(255),
    description: p.text().default(''),
    podcastType: p.string().length(16).default('episodic'),
    language: p.string().length(16).default('en'),
    copyrightLine: p.string().length(500).nullable(),
    ownerName: p.string().length(255).nullable(),
    ownerEmail: p.string().length(254).nullable(),
    authorName: p.string().length(255).nullable(),
    contactEmail: p.string().length(254).nullable(),
    category: p.string().length(120).nullable(),
    category2: p.string().length(120).nullable(),
    category3: p.string().length(120).nullable(),
    explicit: p.boolean().default(false),
    websiteUrl: p.text().nullable(),
    locked: p.boolean().default(false),
    /** Podcasting 2.0 guid: kept from an imported feed, otherwise computed from our feed URL. */
    podcastGuid: p.uuid().nullable(),
    /** Podcasting 2.0 (contracts' ZShowPodcasting20), read back through showPodcasting20Of. */
    podcasting20: p.json<TShowPodcasting20Input>().nullable(),
    coverStorageKey: p.text().nullable(),
    /** 'builtin' (our own feed) or 'spreaker'. */
    hostKind: p.string().length(16).default('builtin'),
    spreakerShowId: p.string().length(32).nullable(),
    /** The feed a show was imported from (RSS import), so a re-import updates instead of duplicating. */
    importedFeedUrl: p.text().nullable(),
    /** Episodes the source has (the feed's items, or the Spreaker show's episodes after a recovery); null if never imported. */
    importFeedTotal: p.integer().nullable(),
    /** Episodes brought in by import or recovery (spec 001 §3 import_status.imported_count). */
    importedCount: p.integer().nullable(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
});
export type Podcast = InferEntity<typeof PodcastSchema>;
