import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { PodcastSchema } from './podcast.entity.ts';
import { uuidPrimaryKey, updatedAtColumn } from '../../db/entity-columns.ts';

/** A show's progress on one directory of the distribution checklist (the definitions live in contracts). */
export const DistributionItemSchema = defineEntity({
  name: 'DistributionItem',
  tableName: 'podcast_distribution_items',
  properties: {
    id: uuidPrimaryKey(),
    podcast: () => p.manyToOne(PodcastSchema).deleteRule('cascade').index(),
    key: p.string().length(32),
    status: p.string().length(16).default('not_started'),
    notes: p.text().nullable(),
    updatedAt: updatedAtColumn(),
  },
  uniques: [{ properties: ['podcast', 'key'], name: 'podcast_distribution_items_podcast_key_unique' }],
});
export type DistributionItem = InferEntity<typeof DistributionItemSchema>;
