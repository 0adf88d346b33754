import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { TAbSegmentOverride } from '@ppp/contracts';
import { ownerColumn } from '../users/user.entity.ts';
import { MediaItemSchema } from '../media/media-item.entity.ts';
import { PodcastSchema } from '../podcasts/podcast.entity.ts';
import { uuidPrimaryKey, createdAtColumn, updatedAtColumn } from '../../db/entity-columns.ts';

/**
 * Draft metadata of the /ab workspace (spec 002 §3) per upload: the checklist's fields, the chosen
 * template, the intro/outro segments and what the last publish answered. Deleting the upload removes it.
 */
export const AbDraftSchema = defineEntity({
  name: 'AbDraft',
  tableName: 'ab_drafts',
  properties: {
    id: uuidPrimaryKey(),
    user: () => ownerColumn().index(),
    upload: () => p.manyToOne(MediaItemSchema).deleteRule('cascade').unique(),
    podcast: () => p.manyToOne(PodcastSchema).nullable().deleteRule('set null'),
    nickname: p.string().length(120).nullable(),
    title: p.text().default(''),
    description: p.text().default(''),
    tags: p.text().default(''),
    /** The chosen template (no foreign key: a deleted template reads as none chosen). */
    templateId: p.uuid().nullable(),
    templateName: p.string().length(255).nullable(),
    segmentOverrides: p.json().$type<TAbSegmentOverride[]>().default([]),
    introoutroStatus: p.string().length(8).default('none'),
    episodeId: p.uuid().nullable(),
    spreakerShowId: p.string().length(200).nullable(),
    scheduleAt: p.datetime().nullable(),
    lastPublishResponse: p.json().$type<Record<string, unknown>>().nullable(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
});
export type AbDraft = InferEntity<typeof AbDraftSchema>;
