import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ownerColumn } from '../users/user.entity.ts';
import { MediaItemSchema } from '../media/media-item.entity.ts';
import { uuidPrimaryKey, createdAtColumn, updatedAtColumn } from '../../db/entity-columns.ts';

/**
 * The latest Intern answer of one spoken command in an upload (the wizard's Review Intern Commands):
 * what was asked up to the chosen end mark, the answer and its voiced clip (an internal media item
 * assemble takes by id), and how often the creator asked again.
 */
export const InternAnswerSchema = defineEntity({
  name: 'InternAnswer',
  tableName: 'intern_answers',
  properties: {
    id: uuidPrimaryKey(),
    user: () => ownerColumn().index(),
    /** The main-content upload the command was spoken in. */
    upload: () => p.manyToOne(MediaItemSchema).deleteRule('cascade'),
    commandId: p.string().length(80),
    internIndex: p.integer(),
    startS: p.double().runtimeType('number').$type<number>(),
    endS: p.double().runtimeType('number').$type<number>(),
    promptText: p.text(),
    responseText: p.text(),
    /** The creator's own words when given (then no text AI was asked). */
    overrideText: p.text().nullable(),
    quoted: p.boolean().default(false),
    voiceId: p.string().length(200),
    /** The voiced answer (category voice_render); kept when replaced, as an assembled episode may use it. */
    answerMedia: () => p.manyToOne(MediaItemSchema).nullable().deleteRule('set null'),
    regenerateCount: p.integer().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  uniques: [{ properties: ['upload', 'commandId'], name: 'intern_answers_upload_command_unique' }],
});
export type InternAnswer = InferEntity<typeof InternAnswerSchema>;
