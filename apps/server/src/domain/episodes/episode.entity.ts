import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { TAssemblyPublishOutcome, TChapterInput, TEdl, TEpisodePodcasting20Input } from '@ppp/contracts';
import type { TEpisodeRecipe } from './assembly-recipe.ts';
import { ownerColumn } from '../users/user.entity.ts';
import { PodcastSchema } from '../podcasts/podcast.entity.ts';
import { MediaItemSchema } from '../media/media-item.entity.ts';
import { uuidPrimaryKey, createdAtColumn, updatedAtColumn } from '../../db/entity-columns.ts';

/** A linked file the mirror left at the old host: which, where, and why. */
export interface TMirrorSkipped {
  kind: 'artwork' | 'transcript' | 'chapters';
  url: string;
  reason: string;
}

/** The publish outcome as stored: the status call's shape (settled by the publish.after-render job). */
export type TStoredPublishOutcome = TAssemblyPublishOutcome;

/**
 * An episode from assembly to publication. status: pending -> processing -> processed (or error);
 * then scheduled / published through the host. The stored EDL lets it be re-rendered after manual
 * cuts or a template change.
 */
export const EpisodeSchema = defineEntity({
  name: 'Episode',
  tableName: 'episodes',
  properties: {
    id: uuidPrimaryKey(),
    user: () => ownerColumn().index(),
    podcast: () => p.manyToOne(PodcastSchema).deleteRule('cascade').index(),
    /** The template it was made with (no foreign key: deleting a template keeps its episodes). */
    templateId: p.uuid().nullable().index(),
    sourceMedia: () => p.manyToOne(MediaItemSchema).nullable().deleteRule('set null'),
    title: p.string().length(255),
    description: p.text().default(''),
    /**
     * The column default '[]' is an array in the database, but MikroORM also assigns `default` to a new
     * entity, where a JSON property's '[]' is a string (stored as jsonb "[]"): onCreate sets a list first.
     */
    tags: p
      .json<string[]>()
      .default('[]')
      .onCreate(() => []),
    season: p.integer().nullable(),
    episodeNumber: p.integer().nullable(),
    explicit: p.boolean().default(false),
    episodeType: p.string().length(16).default('full'),
    status: p.string().length(16).default('pending').index(),
    /** Never changes once published: podcast apps key downloads and played state on it. */
    guid: p
      .string()
      .length(1000)
      .onCreate(() => `urn:uuid:${randomUUID()}`),
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
    /** The creator's or an imported chapters file's list (ZChapter's fields: img and url kept, issue 36). */
    chapters: p.json<TChapterInput[]>().nullable(),
    /** Podcasting 2.0 (contracts' ZEpisodePodcasting20), read back through episodePodcasting20Of. */
    podcasting20: p.json<TEpisodePodcasting20Input>().nullable(),
    edl: p.json<TEdl>().nullable(),
    errorMessage: p.text().nullable(),
    // Assembly (issue 5, domain/episodes/assembly.service.ts).
    /** What the EDL is planned from: the template as used, the upload and the creator's choices. */
    assembly: p.json<TEpisodeRecipe>().nullable(),
    /** The latest audio.assemble job (GET /api/episodes/status/{jobId} finds the episode by it). */
    assemblyJobId: p.string().length(64).nullable().index(),
    /** The latest render: queued, processing, done or error (a re-render leaves status alone). */
    assemblyStatus: p.string().length(16).nullable(),
    /** 0-100 while the latest render runs. */
    renderProgress: p.double().runtimeType('number').$type<number>().nullable(),
    /** now, draft or schedule, as chosen in the wizard. */
    publishMode: p.string().length(16).nullable(),
    /** What publishing did once the render finished (assembly-publish.service.ts); claimed marks the one run that acts. */
    publishOutcome: p.json<TStoredPublishOutcome>().nullable(),
    /** needs_republish, publish_error and the like (spec 001 §4), with the host's last answer. */
    publishState: p.string().length(32).nullable(),
    publishError: p.text().nullable(),
    hostEpisodeId: p.string().length(64).nullable(),
    /** Which host hostEpisodeId belongs to ('builtin' or 'spreaker'): unpublish talks to that one even if the show moved. */
    hostKind: p.string().length(16).nullable(),
    /**
     * The idempotency token of the current upload, saved before the host is called: a retry after a
     * crash looks the upload up by it instead of uploading a second copy.
     */
    hostUploadToken: p.string().length(64).nullable(),
    playsTotal: p.integer().default(0),
    // RSS import (domain/rss-import): where an imported episode came from and its local copy.
    /** The feed item's identity (guid, else enclosure URL, ...); with importKeyHash unique per show. */
    importKey: p.text().nullable(),
    /** sha256 of importKey: the unique index a resumed import relies on (keys can be long URLs). */
    importKeyHash: p.string().length(64).nullable(),
    /** The enclosure at the old host; served until the audio is mirrored and published here. */
    sourceAudioUrl: p.text().nullable(),
    sourceAudioType: p.string().length(100).nullable(),
    sourceAudioBytes: p.bigint('number').nullable(),
    sourceImageUrl: p.text().nullable(),
    sourceLink: p.text().nullable(),
    /** podcast:transcript links of the feed item ({url, type, language, rel}); storageKey once copied here. */
    transcriptLinks: p.json<{ url: string; type: string; language: string | null; rel: string | null; storageKey?: string }[]>().nullable(),
    chaptersUrl: p.text().nullable(),
    /** Artwork, transcripts or chapters still to copy by the mirror job (fetched whether or not the audio is). */
    sidecarsPending: p.boolean().default(false),
    /** What the mirror refused or could not fetch besides the audio (whose reason is mirrorError), with the reason. */
    mirrorSkipped: p.json<TMirrorSkipped[]>().nullable(),
    /** pending, mirroring, done, failed, expired or kept (promoted to finalAudioKey). */
    mirrorStatus: p.string().length(16).nullable(),
    /** The import (or recovery) whose rss.mirror job copies this episode: two jobs never fetch the same one. */
    mirrorImportId: p.uuid().nullable(),
    mirrorKey: p.text().nullable(),
    mirrorExpiresAt: p.datetime().nullable().index(),
    mirrorError: p.text().nullable(),
    createdAt: createdAtColumn().index(),
    updatedAt: updatedAtColumn(),
  },
  uniques: [
    { properties: ['podcast', 'importKeyHash'], name: 'episodes_podcast_import_key_unique' },
    { properties: ['hostKind', 'hostEpisodeId'], name: 'episodes_host_episode_unique' },
  ],
});
export type Episode = InferEntity<typeof EpisodeSchema>;
