import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { TDetectionResult } from '@ppp/contracts';
import { ownerColumn } from '../users/user.entity.ts';
import { uuidPrimaryKey, createdAtColumn, updatedAtColumn } from '../../db/entity-columns.ts';

/**
 * A stored file of a user: a library clip (intro, outro, music, sfx), a main-content upload waiting
 * to become an episode, or a cover image. Main content moves processing -> ready (or error) as the
 * audio.transcribe job runs; its detection result and counts live here, the words in transcripts.
 */
export const MediaItemSchema = defineEntity({
  name: 'MediaItem',
  tableName: 'media_items',
  properties: {
    id: uuidPrimaryKey(),
    user: () => ownerColumn().index(),
    category: p.string().length(32).index(),
    friendlyName: p.string().length(200),
    /** The name the file had on the user's machine. */
    originalName: p.string().length(255),
    /** The stored file name (unique per user), which hints and previews may name. */
    filename: p.string().length(255).index(),
    storageKey: p.text(),
    contentType: p.string().length(100),
    sizeBytes: p.bigint('number'),
    durationSeconds: p.double().runtimeType('number').$type<number>().nullable(),
    /**
     * The length the file's header claims, kept only when it is far from the decoded one
     * (durationSeconds): a truncated or damaged upload, flagged to the creator (issue 14).
     */
    declaredDurationSeconds: p.double().runtimeType('number').$type<number>().nullable(),
    triggerKeyword: p.string().length(100).nullable(),
    status: p.string().length(16).default('ready'),
    transcriptReady: p.boolean().default(false),
    transcriptionProgress: p.double().runtimeType('number').$type<number>().nullable(),
    transcriptionError: p.text().nullable(),
    transcriptionEngine: p.string().length(32).nullable(),
    /** Issue 32: the model of transcriptionEngine (the transcript's, kept here for the upload lists). */
    transcriptionModel: p.string().length(128).nullable(),
    /** Issue 32: how often the creator re-transcribed this upload (RETRANSCRIBE.maxPerUpload). */
    retranscribeCount: p.integer().default(0),
    /** Seconds the engine took per second of audio, for the operator. */
    realtimeFactor: p.double().runtimeType('number').$type<number>().nullable(),
    /** A transcript that came with the upload (VTT, SRT or word JSON); it wins over every engine. */
    suppliedTranscriptKey: p.text().nullable(),
    suppliedTranscriptFormat: p.string().length(8).nullable(),
    notifyWhenReady: p.boolean().default(false),
    notifyEmail: p.string().length(254).nullable(),
    /** Set once the ready notice went out, so a rerun of the job does not mail twice. */
    notifiedAt: p.datetime().nullable(),
    detection: p.json<TDetectionResult>().nullable(),
    flubberCount: p.integer().nullable(),
    internCount: p.integer().nullable(),
    sfxCount: p.integer().nullable(),
    fillerCount: p.integer().nullable(),
    pauseCount: p.integer().nullable(),
    censorCount: p.integer().nullable(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
});
export type MediaItem = InferEntity<typeof MediaItemSchema>;
