import { z } from 'zod';

/** The shared music library (spec 002 sections 3 and 7): beds the onboarding wizard offers, managed by admins. */
export const MUSIC = {
  /** 'Music preview 20 s' (spec 002 sections 2.9 and 9). */
  previewSeconds: 20,
  /** Not in the spec: the public file path of an asset; range requests are answered. */
  filePath: (id: string) => `/api/music/assets/${id}/file`,
  /** Not in the spec: mood tags an asset may carry, and their length. */
  maxMoodTags: 10,
  maxMoodTagLength: 30,
  maxDisplayNameLength: 120,
} as const;

/** A wizard music asset: id, display_name, mood_tags, preview_url, url, filename (spec 002 section 3). */
export const ZMusicAsset = z.object({
  id: z.string(),
  display_name: z.string(),
  mood_tags: z.array(z.string()),
  preview_url: z.string(),
  url: z.string(),
  filename: z.string(),
  duration_seconds: z.number().nullable(),
});
export type TMusicAsset = z.infer<typeof ZMusicAsset>;

/**
 * GET /api/music/assets -> {assets}. Not in the spec: `preparing` is true while a fresh instance is
 * still rendering its built-in beds, so a screen keeps asking until the library is whole.
 */
export const ZMusicAssetList = z.object({ assets: z.array(ZMusicAsset), preparing: z.boolean() });
export type TMusicAssetList = z.infer<typeof ZMusicAssetList>;

export const ZMusicAssetIdInput = z.object({ id: z.uuid() });

/** The music admin's messages (spec 002 sections 5 and 8). */
export const MUSIC_ADMIN_MESSAGES = {
  actionRequired: 'Action Required: Please select a file to upload or provide a full URL to import.',
  enterValidUrl: 'Enter a valid URL first',
  noFileSelected: 'No file selected',
  displayNameRequired: 'Enter a display name.',
  moodTagsInvalid: 'mood_tags must be a JSON array of short words.',
  assetNotFound: 'Music asset not found.',
} as const;

/** Mood tags: short words, trimmed, without repeats. */
export const ZMoodTags = z
  .array(z.string().trim().min(1).max(MUSIC.maxMoodTagLength))
  .max(MUSIC.maxMoodTags)
  .transform((tags) => [...new Set(tags.map((tag) => tag.toLowerCase()))]);

const ZDisplayName = z.string().trim().min(1, MUSIC_ADMIN_MESSAGES.displayNameRequired).max(MUSIC.maxDisplayNameLength);

/** PUT /api/admin/music/assets/{id} {display_name, mood_tags}. */
export const ZAdminMusicAssetUpdate = z.object({ display_name: ZDisplayName, mood_tags: ZMoodTags });
export type TAdminMusicAssetUpdate = z.input<typeof ZAdminMusicAssetUpdate>;

/** The text fields of POST /api/admin/music/assets/upload: display_name and mood_tags as JSON text. */
export const ZAdminMusicUploadFields = z.object({
  display_name: ZDisplayName,
  mood_tags: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text?.trim()) return [];
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: MUSIC_ADMIN_MESSAGES.moodTagsInvalid });
        return z.NEVER;
      }
    })
    .pipe(ZMoodTags),
});
export type TAdminMusicUploadFields = z.input<typeof ZAdminMusicUploadFields>;

/** A library asset as the admin's Music Library tab lists it: where it came from, its size, when it was added. */
export const ZAdminMusicAsset = ZMusicAsset.extend({
  source: z.enum(['builtin', 'upload', 'url']),
  size_bytes: z.number().int(),
  created_at: z.date(),
});
export type TAdminMusicAsset = z.infer<typeof ZAdminMusicAsset>;

/** A full http or https address, as the music admin's import field needs (spec 002 section 5). */
export const ZMusicSourceUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, MUSIC_ADMIN_MESSAGES.enterValidUrl);

/** POST /api/admin/music/assets/import-url {display_name, source_url, mood_tags}: fetched like RSS import, checked like an upload. */
export const ZAdminMusicImportRequest = z.object({
  display_name: ZDisplayName,
  source_url: ZMusicSourceUrl,
  mood_tags: ZMoodTags.default([]),
});
export type TAdminMusicImportRequest = z.input<typeof ZAdminMusicImportRequest>;
