import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { PodcastSchema } from './podcast.entity.ts';

/** A show's progress on one directory of the distribution checklist (the definitions live in contracts). */
export const DistributionItemSchema = defineEntity({
  name: 'DistributionItem',
  tableName: 'podcast_distribution_items',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    podcast: () => p.manyToOne(PodcastSchema).deleteRule('cascade').index(),
    key: p.string().length(32),
    status: p.string().length(16).default('not_started'),
    notes: p.text().nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['podcast', 'key'], name: 'podcast_distribution_items_podcast_key_unique' }],
});
export type DistributionItem = InferEntity<typeof DistributionItemSchema>;
