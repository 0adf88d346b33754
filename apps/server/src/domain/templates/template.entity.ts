import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { TBackgroundMusicRule, TSegment, TTemplateAiSettings, TTemplateTiming } from '@ppp/contracts';
import { ownerColumn } from '../users/user.entity.ts';
import { PodcastSchema } from '../podcasts/podcast.entity.ts';
import { uuidPrimaryKey, createdAtColumn, updatedAtColumn } from '../../db/entity-columns.ts';

/**
 * An episode template (spec 000 section 3): the segments in order, background music rules (volume
 * in dB), timing offsets and AI guidance, as JSON validated by the contract on every write. The
 * show link survives as null when the show is deleted, so the editor can say 'Missing show'.
 */
export const TemplateSchema = defineEntity({
  name: 'Template',
  tableName: 'templates',
  properties: {
    id: uuidPrimaryKey(),
    user: () => ownerColumn().index(),
    podcast: () => p.manyToOne(PodcastSchema).nullable().deleteRule('set null').index(),
    name: p.string().length(200),
    description: p.text().nullable(),
    isActive: p.boolean().default(true),
    segments: p.json<TSegment[]>(),
    backgroundMusicRules: p.json<TBackgroundMusicRule[]>(),
    timing: p.json<TTemplateTiming>(),
    aiSettings: p.json<TTemplateAiSettings>(),
    defaultElevenlabsVoiceId: p.string().length(200).nullable(),
    defaultInternVoiceId: p.string().length(200).nullable(),
    automationSettings: p.json<{ intern_voice_id?: string | null }>(),
    /** The recurring schedule's timezone (each slot may name its own). */
    scheduleTimezone: p.string().length(64).default('UTC'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
});
export type Template = InferEntity<typeof TemplateSchema>;
