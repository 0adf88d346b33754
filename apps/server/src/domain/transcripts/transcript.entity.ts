import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { TTranscriptWord } from '@ppp/contracts';
import { MediaItemSchema } from '../media/media-item.entity.ts';
import { createdAtColumn, updatedAtColumn } from '../../db/entity-columns.ts';

/** The words of one upload with their times, keyed by the media item (one transcript per upload). */
export const TranscriptSchema = defineEntity({
  name: 'Transcript',
  tableName: 'transcripts',
  properties: {
    media: () => p.oneToOne(MediaItemSchema).primary().owner().deleteRule('cascade'),
    engine: p.string().length(32),
    /** Issue 32: the engine's model ('base.en', 'en-us', 'whisper-1'); null for engines without one and older rows. */
    model: p.string().length(128).nullable(),
    language: p.string().length(16).nullable(),
    durationSeconds: p.double().runtimeType('number').$type<number>().nullable(),
    words: p.json<TTranscriptWord[]>(),
    text: p.text(),
    /** What the engine heard at each position the creator corrected (word index to text); null when none was. */
    corrections: p.json<Record<string, string>>().nullable(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
});
export type Transcript = InferEntity<typeof TranscriptSchema>;
