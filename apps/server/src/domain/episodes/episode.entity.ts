import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { TEdl } from '@ppp/contracts';
import { UserSchema } from '../users/user.entity.ts';
import { PodcastSchema } from '../podcasts/podcast.entity.ts';
import { MediaItemSchema } from '../media/media-item.entity.ts';

/**
 * An episode from assembly to publication. status: pending -> processing -> processed (or error);
 * then scheduled / published through the host. The stored EDL lets it be re-rendered after manual
 * cuts or a template change.
 */
export const EpisodeSchema = defineEntity({
  name: 'Episode',
  tableName: 'episodes',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade').index(),
    podcast: () => p.manyToOne(PodcastSchema).deleteRule('cascade').index(),
    /** The template it was made with (no foreign key: deleting a template keeps its episodes). */
    templateId: p.uuid().nullable().index(),
    sourceMedia: () => p.manyToOne(MediaItemSchema).nullable().deleteRule('set null'),
    title: p.string().length(255),
    description: p.text().default(''),
    tags: p.json<string[]>().default('[]'),
    season: p.integer().nullable(),
    episodeNumber: p.integer().nullable(),
    explicit: p.boolean().default(false),
    episodeType: p.string().length(16).default('full'),
    status: p.string().length(16).default('pending').index(),
    /** Never changes once published: podcast apps key downloads and played state on it. */
    guid: p.string().length(255).onCreate(() => `urn:uuid:${randomUUID()}`),
    visibility: p.string().length(16).default('public'),
    publishAt: p.datetime().nullable().index(),
    publishAtLocal: p.string().length(64).nullable(),
    publishedAt: p.datetime().nullable(),
    processedAt: p.datetime().nullable(),
    finalAudioKey: p.text().nullable(),
    finalAudioBytes: p.bigint('number').nullable(),
    durationMs: p.integer().nullable(),
    coverStorageKey: p.text().nullable(),
    coverCrop: p.json<Record<string, number>>().nullable(),
    cleanupStats: p.json<{ fillers_removed: number; pauses_compressed: number }>().nullable(),
    chapters: p.json<{ title: string; start_s: number }[]>().nullable(),
    edl: p.json<TEdl>().nullable(),
    errorMessage: p.text().nullable(),
    /** needs_republish, publish_error and the like (spec 001 §4), with the host's last answer. */
    publishState: p.string().length(32).nullable(),
    publishError: p.text().nullable(),
    hostEpisodeId: p.string().length(64).nullable(),
    playsTotal: p.integer().default(0),
    createdAt: p.datetime().onCreate(() => new Date()).index(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type Episode = InferEntity<typeof EpisodeSchema>;
