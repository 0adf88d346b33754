import type { z } from 'zod';
import type { TUploadCategory } from './media.ts';
import type { ZCreatePodcastRequest } from './podcast.ts';
import type { ZUpdatePodcastInput } from './podcast-api.ts';

/**
 * Files travel as FormData (tRPC's non-JSON inputs, and the documented REST multipart paths): these
 * are the field names both sides read, and the builders the web app sends with.
 */
export const MEDIA_UPLOAD_FORM = {
  category: 'category',
  files: 'files',
  friendlyNames: 'friendly_names',
  mediaId: 'media_id',
} as const;

/** One or more files for the library or the main content, each with its friendly name. */
export function mediaUploadForm(
  category: TUploadCategory,
  files: readonly { file: Blob; name: string; friendlyName?: string }[],
): FormData {
  const form = new FormData();
  form.append(MEDIA_UPLOAD_FORM.category, category);
  for (const { file, name } of files) form.append(MEDIA_UPLOAD_FORM.files, file, name);
  if (files.some((f) => f.friendlyName !== undefined))
    form.append(MEDIA_UPLOAD_FORM.friendlyNames, JSON.stringify(files.map((f) => f.friendlyName ?? null)));
  return form;
}

/** One image (a show's cover art, or an episode's cover with its friendly name). */
export function coverUploadForm(file: Blob, name: string, friendlyName?: string): FormData {
  const form = new FormData();
  form.append(MEDIA_UPLOAD_FORM.files, file, name);
  if (friendlyName !== undefined) form.append(MEDIA_UPLOAD_FORM.friendlyNames, JSON.stringify([friendlyName]));
  return form;
}

/** A transcript file (.vtt, .srt or word .json) for one upload. */
export function transcriptUploadForm(mediaId: string, file: File): FormData {
  const form = new FormData();
  form.append(MEDIA_UPLOAD_FORM.mediaId, mediaId);
  form.append(MEDIA_UPLOAD_FORM.files, file, file.name);
  return form;
}

/** A show's fields as JSON in `data` (typed by its schema) and an optional `cover_image`. */
export const PODCAST_FORM = { data: 'data', cover: 'cover_image' } as const;

function podcastForm(data: unknown, cover: Blob | null): FormData {
  const form = new FormData();
  form.append(PODCAST_FORM.data, JSON.stringify(data));
  if (cover) form.append(PODCAST_FORM.cover, cover, cover instanceof File ? cover.name : 'cover');
  return form;
}

/** Create a show (the Create Podcast form, the setup wizard, onboarding), with or without a cover. */
export const createPodcastForm = (data: z.input<typeof ZCreatePodcastRequest>, cover: Blob | null): FormData => podcastForm(data, cover);

/** Edit a show: one path whether or not a new cover travels with the fields. */
export const updatePodcastForm = (data: z.input<typeof ZUpdatePodcastInput>, cover: Blob | null): FormData => podcastForm(data, cover);

/** The server's side: the JSON fields (to parse with the procedure's schema) and the cover file, if any. */
export function readPodcastForm(form: FormData): { data: unknown; cover: File | null } {
  const raw = form.get(PODCAST_FORM.data);
  let data: unknown;
  try {
    data = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : null;
  } catch {
    data = null;
  }
  const cover = form.get(PODCAST_FORM.cover);
  return { data, cover: cover instanceof File && cover.size > 0 ? cover : null };
}
