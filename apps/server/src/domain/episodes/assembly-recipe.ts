import { z } from 'zod';
import { ZBackgroundMusicRule, ZCleanupOverrides, ZInternAnswer, ZSegment, ZSfxChoice, ZTemplateTiming, ZTimeRangeMs } from '@ppp/contracts';

/**
 * What an episode's EDL is planned from, stored with the episode: the template as it was used (a
 * snapshot, so editing the template changes nothing until 'Re-render episodes made with this
 * template' refreshes it), the upload, and the creator's choices with every detection already
 * resolved to indices. A re-render plans again from it; manual cuts are appended to it.
 */
export const ZEpisodeRecipe = z.object({
  version: z.literal(1),
  template: z.object({
    id: z.string(),
    name: z.string(),
    segments: z.array(ZSegment),
    background_music_rules: z.array(ZBackgroundMusicRule),
    timing: ZTemplateTiming,
    /** The template's voices: AI-voice segments without their own, and Intern answers. */
    default_voice_id: z.string().nullish(),
    intern_voice_id: z.string().nullish(),
  }),
  media_id: z.string(),
  /** Script per tts segment id for this episode. */
  tts_values: z.record(z.string(), z.string()),
  flubber_indices: z.array(z.number().int().min(0)),
  /** Reviewed retakes and manual cuts, in content milliseconds. */
  flubber_cuts_ms: z.array(ZTimeRangeMs),
  manual_cuts: z.array(ZTimeRangeMs),
  intern_answers: z.array(ZInternAnswer),
  sfx_choices: z.array(ZSfxChoice),
  cleanup: ZCleanupOverrides,
});
export type TEpisodeRecipe = z.infer<typeof ZEpisodeRecipe>;
