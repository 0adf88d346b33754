import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ownerColumn } from '../users/user.entity.ts';
import { PodcastSchema } from '../podcasts/podcast.entity.ts';
import { uuidPrimaryKey, createdAtColumn } from '../../db/entity-columns.ts';

/** A saved intro or outro section (spec 002 §3): 'Intro n' / 'Outro n', reusable in later drafts and learnt from by suggestions. */
export const AbSavedSectionSchema = defineEntity({
  name: 'AbSavedSection',
  tableName: 'ab_saved_sections',
  properties: {
    id: uuidPrimaryKey(),
    user: () => ownerColumn().index(),
    podcast: () => p.manyToOne(PodcastSchema).nullable().deleteRule('cascade'),
    /** The draft it was saved from (kept when the draft goes). */
    draftId: p.uuid().nullable(),
    episodeId: p.uuid().nullable(),
    tag: p.string().length(60),
    sectionType: p.string().length(8),
    sourceType: p.string().length(16),
    content: p.text(),
    voiceId: p.string().length(200).nullable(),
    voiceName: p.string().length(200).nullable(),
    createdAt: createdAtColumn(),
  },
});
export type AbSavedSection = InferEntity<typeof AbSavedSectionSchema>;
