import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ownerColumn } from '../users/user.entity.ts';
import { MediaItemSchema } from '../media/media-item.entity.ts';
import { uuidPrimaryKey, createdAtColumn } from '../../db/entity-columns.ts';

/**
 * One AI-voice clip made: what was said, by which voice, and the seconds that count against the
 * plan's minutes (0 for free clips). The precheck reads recent rows to stop near-identical repeats.
 */
export const TtsClipSchema = defineEntity({
  name: 'TtsClip',
  tableName: 'tts_clips',
  properties: {
    id: uuidPrimaryKey(),
    user: () => ownerColumn().index(),
    media: () => p.manyToOne(MediaItemSchema).nullable().deleteRule('set null'),
    category: p.string().length(32),
    /** The script folded for comparison (lower case, words only). */
    normalizedText: p.text(),
    characters: p.integer(),
    voiceId: p.string().length(200),
    provider: p.string().length(32),
    speakingRate: p.double().runtimeType('number').$type<number>(),
    durationSeconds: p.double().runtimeType('number').$type<number>(),
    billableSeconds: p.double().runtimeType('number').$type<number>().default(0),
    freeOverride: p.boolean().default(false),
    createdAt: createdAtColumn().index(),
  },
});
export type TtsClip = InferEntity<typeof TtsClipSchema>;
