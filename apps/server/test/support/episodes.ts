import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { EpisodeSchema, type Episode } from '../../src/domain/episodes/episode.entity.ts';
import { MediaItemSchema, type MediaItem } from '../../src/domain/media/media-item.entity.ts';
import { PodcastSchema, type Podcast } from '../../src/domain/podcasts/podcast.entity.ts';
import { TemplateSchema, type Template } from '../../src/domain/templates/template.entity.ts';
import type { StoragePort } from '../../src/domain/storage/storage.ts';
import { toneFile } from './audio-files.ts';

/** A square PNG cover of `size` pixels made by ffmpeg (1400 passes Apple's minimum). */
export function coverPng(dir: string, size = 1400, name = `cover-${size}.png`): string {
  const dest = path.join(dir, name);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=0x3355aa:s=${size}x${size}`, '-frames:v', '1', dest]);
  return dest;
}

export interface SeedEpisodeOptions {
  title?: string;
  status?: string;
  publishAt?: Date | null;
  visibility?: string;
  seconds?: number;
  chapters?: { title: string; start_s: number }[] | null;
  withAudio?: boolean;
}

/**
 * An assembled episode as the assembly job leaves it (status processed, a real MP3 made by ffmpeg,
 * stored through the storage port), since assembly itself is another area's work.
 */
export async function seedAssembledEpisode(
  orm: MikroORM,
  storage: StoragePort,
  dir: string,
  owner: { userId: string; podcastId: string },
  options: SeedEpisodeOptions = {},
): Promise<Episode> {
  const em = orm.em.fork();
  const episode = em.create(EpisodeSchema, {
    user: owner.userId,
    podcast: owner.podcastId,
    title: options.title ?? 'An assembled episode',
    description: `<p>Show notes for ${options.title ?? 'the episode'}.</p>`,
    status: options.status ?? 'processed',
    processedAt: new Date(),
    visibility: options.visibility ?? 'public',
    publishAt: options.publishAt ?? null,
    chapters: options.chapters ?? null,
  });
  if (options.withAudio !== false) {
    const seconds = options.seconds ?? 3;
    const file = toneFile(dir, `${episode.id}.mp3`, seconds, 330, ['-b:a', '64k']);
    const bytes = statSync(file).size;
    const key = `users/${owner.userId}/episodes/${episode.id}/final.mp3`;
    await storage.putFile(key, file);
    episode.finalAudioKey = key;
    episode.finalAudioBytes = bytes;
    episode.durationMs = seconds * 1000;
  }
  await em.flush();
  return episode;
}

/** A show row with every field a publish check asks for, and optionally a stored cover. */
export async function seedShow(
  orm: MikroORM,
  storage: StoragePort,
  userId: string,
  name: string,
  coverFile: string | null,
): Promise<string> {
  const em = orm.em.fork();
  const show = em.create(PodcastSchema, {
    user: userId,
    name,
    description: `All about ${name}.`,
    category: 'Technology',
    ownerName: 'Ada Owner',
    ownerEmail: 'ada@example.com',
    authorName: 'Ada',
    language: 'en',
  });
  if (coverFile) {
    const key = `users/${userId}/podcasts/${show.id}/cover-seed.png`;
    await storage.putBytes(key, readFileSync(coverFile));
    show.coverStorageKey = key;
  }
  await em.flush();
  return show.id;
}

const NOTHING_FOUND = { count: 0, matches: [] };

/**
 * A show and a Ready main-content upload of `seconds` in which detection found nothing, as rows
 * (not flushed: the caller adds what else it needs, a transcript for one, and flushes).
 */
export function seedReadyUpload(em: MikroORM['em'], userId: string, label: string, seconds = 60): { show: Podcast; upload: MediaItem } {
  const show = em.create(PodcastSchema, { user: userId, name: `Show ${label}` });
  const upload = em.create(MediaItemSchema, {
    user: userId,
    category: 'main_content',
    friendlyName: `Talk ${label}`,
    originalName: `talk-${label}.wav`,
    filename: `0000${label}-talk-${label}.wav`,
    storageKey: `users/${userId}/media/talk-${label}.wav`,
    contentType: 'audio/wav',
    sizeBytes: 1000,
    durationSeconds: seconds,
    status: 'ready',
    transcriptReady: true,
    detection: {
      flubber: NOTHING_FOUND,
      intern: NOTHING_FOUND,
      sfx: NOTHING_FOUND,
      fillers: NOTHING_FOUND,
      pauses: NOTHING_FOUND,
      censored: NOTHING_FOUND,
    },
  });
  return { show, upload };
}

/** A template row of a user with nothing in it (no segments, music rules or settings), not flushed. */
export function emptyTemplateRow(em: MikroORM['em'], userId: string, name: string): Template {
  return em.create(TemplateSchema, {
    user: userId,
    name,
    segments: [],
    backgroundMusicRules: [],
    timing: {},
    aiSettings: {},
    automationSettings: {},
  } as never);
}

/** A main-content WAV upload row of a user named `name` (not flushed); `fields` sets its probe and state. */
export function mediaItemRow(
  em: MikroORM['em'],
  userId: string,
  name: string,
  fields: Partial<Pick<MediaItem, 'status' | 'durationSeconds' | 'transcriptReady'>> = {},
): MediaItem {
  return em.create(MediaItemSchema, {
    user: userId,
    category: 'main_content',
    friendlyName: name,
    originalName: `${name}.wav`,
    filename: `${name}.wav`,
    storageKey: `users/${userId}/media/${name}.wav`,
    contentType: 'audio/wav',
    sizeBytes: 1,
    ...fields,
  });
}
