import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ownerColumn } from '../users/user.entity.ts';
import { PodcastSchema } from '../podcasts/podcast.entity.ts';
import { uuidPrimaryKey, createdAtColumn, updatedAtColumn } from '../../db/entity-columns.ts';

/**
 * One RSS import: the feed as fetched (a snapshot in storage, so a resumed job reads the same
 * document), the options asked for, and the progress the Import page polls.
 * status: queued -> importing -> mirroring -> done, or failed with the reason in error.
 * A recovery from Spreaker that added episodes with audio is recorded as one too (feedUrl is the
 * Spreaker show's episode list, no snapshot), starting at mirroring, so the same job copies them.
 */
export const RssImportSchema = defineEntity({
  name: 'RssImport',
  tableName: 'rss_imports',
  properties: {
    id: uuidPrimaryKey(),
    user: () => ownerColumn().index(),
    podcast: () => p.manyToOne(PodcastSchema).nullable().deleteRule('cascade').index(),
    feedUrl: p.text(),
    /** The address that answered after redirects. */
    finalUrl: p.text(),
    feedStorageKey: p.text().nullable(),
    contentType: p.string().length(255).nullable(),
    status: p.string().length(16).default('queued'),
    error: p.text().nullable(),
    feedTotal: p.integer().default(0),
    /** Episodes the linked Spreaker show has (its API), when counted at the start: more than the feed lists means a full import is needed. */
    hostTotal: p.integer().nullable(),
    importedCount: p.integer().default(0),
    mirrorTotal: p.integer().default(0),
    mirroredCount: p.integer().default(0),
    mirrorFailed: p.integer().default(0),
    attemptLinkSpreaker: p.boolean().default(false),
    autoPublishToSpreaker: p.boolean().default(false),
    publishState: p.string().length(16).default('public'),
    spreakerAttempted: p.boolean().default(false),
    spreakerLinked: p.boolean().default(false),
    autoPublishStarted: p.boolean().default(false),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    finishedAt: p.datetime().nullable(),
  },
});
export type RssImport = InferEntity<typeof RssImportSchema>;
