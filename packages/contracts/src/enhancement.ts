import { z } from 'zod';

/*
 * Issue 33 item 5: speech enhancement, an audio-cleanup option (off by default) like the other
 * toggles. When on, an upload's audio is cleaned (noise, mains hum, rumble, harsh sibilance, a
 * wandering level: only what the recording needs) before it is transcribed, so detection hears
 * clearer speech, and the episode is rendered from the cleaned audio.
 */
export const ENHANCEMENT = {
  /** Not in the spec: off by default, so nothing changes for a creator who never turns it on. */
  defaultEnabled: false,
  /** The A/B preview's length, seconds, and how far into the upload it starts when none is chosen. */
  previewSeconds: 15,
  defaultPreviewStartSeconds: 0,
  /** The cleaned copy of an upload, kept beside it (deleted with it). */
  enhancedFileName: 'enhanced.flac',
} as const;

export const ENHANCEMENT_MESSAGES = {
  switchLabel: 'Enhance speech',
  description:
    'Reduces background noise, mains hum and rumble, softens harsh "s" sounds and evens out the level, only where a recording needs it. Applied before transcription (so retakes and commands are heard more clearly) and to the finished episode.',
  previewTitle: 'Hear the difference',
  previewHelp: 'Pick an upload and compare 15 seconds of it as recorded and enhanced.',
  noUploads: 'Upload a recording first to preview the enhancement on it.',
  nothingNeeded: 'This recording is already clean: enhancement leaves it as it is.',
  previewFailed: 'We could not prepare the preview. Please try again.',
} as const;

export const ZEnhancePreviewRequest = z.object({
  media_id: z.uuid(),
  start_s: z.number().min(0).default(ENHANCEMENT.defaultPreviewStartSeconds),
});
export type TEnhancePreviewRequest = z.input<typeof ZEnhancePreviewRequest>;
/** POST /api/media/{id}/enhance-preview's body. */
export const ZEnhancePreviewBody = ZEnhancePreviewRequest.omit({ media_id: true }).prefault({});

export const ZEnhancePreview = z.object({
  media_id: z.string(),
  start_s: z.number(),
  end_s: z.number(),
  /** Signed, short-lived URLs of the same stretch as recorded and enhanced. */
  original_url: z.string(),
  enhanced_url: z.string(),
  /** What enhancement does to this recording, in plain words ('noise reduced (RNNoise)', '50 Hz hum removed'). */
  steps: z.array(z.string()),
  noise_floor_db: z.number(),
  snr_db: z.number(),
});
export type TEnhancePreview = z.infer<typeof ZEnhancePreview>;
