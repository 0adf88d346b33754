import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { uuidPrimaryKey, createdAtColumn, updatedAtColumn } from '../../db/entity-columns.ts';

/**
 * The admin's re-transcription of every upload the offline fallback transcribed (issue 32): where
 * the walk got to (the last upload finished, in created_at then id order), the upload in flight and
 * the counts the Jobs tab shows. step guards the walk: a job whose step is not the row's is a repeat
 * and does nothing, so the walk is resumable and safe to run twice.
 */
export const RetranscribeRunSchema = defineEntity({
  name: 'RetranscribeRun',
  tableName: 'retranscribe_runs',
  properties: {
    id: uuidPrimaryKey(),
    /** running, done or cancelled. */
    status: p.string().length(16),
    engine: p.string().length(32),
    model: p.string().length(128).nullable(),
    total: p.integer().default(0),
    doneCount: p.integer().default(0),
    failedCount: p.integer().default(0),
    step: p.integer().default(0),
    currentMediaId: p.uuid().nullable(),
    cursorCreatedAt: p.datetime().nullable(),
    cursorId: p.uuid().nullable(),
    startedById: p.uuid().nullable(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    finishedAt: p.datetime().nullable(),
  },
});
export type RetranscribeRun = InferEntity<typeof RetranscribeRunSchema>;
