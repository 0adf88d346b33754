import { z } from 'zod';
import {
  ZBackgroundMusicRule,
  ZCleanupOverrides,
  ZInternAnswer,
  ZSegment,
  ZSegmentSource,
  ZSfxChoice,
  ZTemplateTiming,
  ZTimeRangeMs,
  type TAssembleEpisodeRequest,
  type TDetectionResult,
  type TInternAnswer,
} from '@ppp/contracts';
import type { MediaItem } from '../media/media-item.entity.ts';
import type { Template } from '../templates/template.entity.ts';

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
  /** Voice per tts segment id chosen for this episode ('Change voice' on step 3); recipes from before it have none. */
  tts_voices: z.record(z.string(), z.string()).default({}),
  /** Source per segment id replacing the template's for this episode (a library file or an AI voice); kept across re-renders. */
  segment_sources: z.record(z.string(), ZSegmentSource).default({}),
  flubber_indices: z.array(z.number().int().min(0)),
  /** Reviewed retakes and manual cuts, in content milliseconds. */
  flubber_cuts_ms: z.array(ZTimeRangeMs),
  manual_cuts: z.array(ZTimeRangeMs),
  intern_answers: z.array(ZInternAnswer),
  sfx_choices: z.array(ZSfxChoice),
  cleanup: ZCleanupOverrides,
  /** The finished file's download name as the assemble call sent it (output_filename); recipes from before it have none. */
  output_filename: z.string().nullish(),
});
export type TEpisodeRecipe = z.infer<typeof ZEpisodeRecipe>;

/** The template as this episode uses it, kept in the recipe. */
export function templateSnapshot(template: Template): TEpisodeRecipe['template'] {
  return {
    id: template.id,
    name: template.name,
    segments: template.segments,
    background_music_rules: template.backgroundMusicRules,
    timing: template.timing,
    default_voice_id: template.defaultElevenlabsVoiceId ?? null,
    intern_voice_id: template.automationSettings.intern_voice_id ?? template.defaultInternVoiceId ?? null,
  };
}

/** The creator's answers resolved against the upload's detections: what the planner will be asked for. */
export function recipeOf(
  template: Template,
  upload: MediaItem,
  body: Omit<TAssembleEpisodeRequest, 'segment_sources'> & { segment_sources: TEpisodeRecipe['segment_sources'] },
): TEpisodeRecipe {
  return {
    version: 1,
    template: templateSnapshot(template),
    media_id: upload.id,
    tts_values: body.tts_values,
    tts_voices: body.tts_voices,
    segment_sources: body.segment_sources,
    ...reviewedChoices(body, upload.detection ?? null),
    manual_cuts: body.manual_cuts,
    cleanup: body.cleanup,
    output_filename: body.output_filename ?? null,
  };
}

/** The review's answers (the assemble call's, or the Episode Creator's so far) resolved against the detections. */
export function reviewedChoices(
  body: Pick<TAssembleEpisodeRequest, 'flubber_cuts_ms' | 'flubber_indices' | 'intern_answers' | 'sfx_choices'> & {
    intents: Pick<TAssembleEpisodeRequest['intents'], 'flubber' | 'intern' | 'sfx'> & { intern_overrides?: TInternAnswer[] };
  },
  detection: TDetectionResult | null,
): Pick<TEpisodeRecipe, 'flubber_indices' | 'flubber_cuts_ms' | 'intern_answers' | 'sfx_choices'> {
  // Reviewed cuts (flubber_cuts_ms) are the creator's choice: the detected retakes are then cut only when listed by index.
  const cutAll = body.intents.flubber === 'yes' && body.flubber_cuts_ms.length === 0;
  const flubber =
    body.intents.flubber === 'no'
      ? []
      : (body.flubber_indices ?? (cutAll ? (detection?.flubber.matches.map((m) => m.flubber_index) ?? []) : []));
  const intern = body.intents.intern === 'no' ? [] : [...body.intern_answers, ...(body.intents.intern_overrides ?? [])];
  const allSfx = detection?.sfx.matches.map((_, hit_index) => ({ hit_index, keep_keyword: false })) ?? [];
  const sfx = body.intents.sfx === 'no' ? [] : (body.sfx_choices ?? (body.intents.sfx === 'yes' ? allSfx : []));
  return {
    flubber_indices: flubber,
    flubber_cuts_ms: body.intents.flubber === 'no' ? [] : body.flubber_cuts_ms,
    intern_answers: intern,
    sfx_choices: sfx,
  };
}
