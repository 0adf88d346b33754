import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { EpisodeSchema } from '../episodes/episode.entity.ts';
import { PodcastSchema } from '../podcasts/podcast.entity.ts';
import { uuidPrimaryKey, createdAtColumn } from '../../db/entity-columns.ts';

/**
 * One counted download of a built-in host enclosure. dedupeKey (a hash of listener, episode and UTC
 * day, see shouldCountDownload) is unique, so a listener counts once per episode per day however
 * many requests their player makes.
 */
export const EpisodeDownloadSchema = defineEntity({
  name: 'EpisodeDownload',
  tableName: 'episode_downloads',
  properties: {
    id: uuidPrimaryKey(),
    episode: () => p.manyToOne(EpisodeSchema).deleteRule('cascade').index(),
    podcast: () => p.manyToOne(PodcastSchema).deleteRule('cascade').index(),
    dedupeKey: p.string().length(64).unique(),
    /** 'YYYY-MM-DD' (UTC). */
    day: p.string().length(10),
    createdAt: createdAtColumn().index(),
  },
});
export type EpisodeDownload = InferEntity<typeof EpisodeDownloadSchema>;
