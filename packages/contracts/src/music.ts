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
