import { z } from 'zod';
import { isOnStep } from './audio-cleanup.ts';

/**
 * Episode template constants (spec 000 sections 3, 5 and 9). Entries marked "not in the spec" are
 * bounds this product adds so a stored template stays small and renderable.
 */
export const TEMPLATE = {
  segmentTypes: ['intro', 'content', 'outro', 'commercial'],
  /** Spec 000 §2 and §6: the Commercial button is disabled ('Coming soon') for everyone. */
  disabledSegmentTypes: ['commercial'],
  commercialDisabledLabel: 'Coming soon',
  /** Spec 000 §5 'Loudness scale 1 to 11, default 4, step 0.1. Level 10 is unity, 11 is 1.35x'. */
  loudnessMin: 1,
  loudnessMax: 11,
  loudnessDefault: 4,
  loudnessStep: 0.1,
  loudnessUnityLevel: 10,
  loudnessMaxGain: 1.35,
  /** Spec 000 §3 and §9: fade defaults in 2 s, out 3 s. */
  defaultFadeInS: 2,
  defaultFadeOutS: 3,
  /** Spec 000 §5: offsets and fades are numbers with step 0.5; negative offsets overlap. */
  timeStepS: 0.5,
  /** Not in the spec: offsets and fades stay within ten minutes. */
  maxAbsOffsetS: 600,
  maxFadeS: 600,
  /** Spec 000 §5 and §9: always-include tags, at most 20, each at most 30 characters. */
  maxTags: 20,
  maxTagLength: 30,
  /** Not in the spec: bounds on stored text. */
  maxNameLength: 200,
  maxDescriptionLength: 2000,
  maxInstructionsLength: 4000,
  maxScriptLength: 10_000,
  maxSegments: 50,
  maxMusicRules: 20,
  messages: {
    showRequired: 'A show is required for this template. Please select one.',
    unknownSource: 'Unknown segment source type',
    oneContent: 'A template needs exactly one content segment.',
    introAfterContent: 'An intro cannot come after the content.',
    outroBeforeContent: 'An outro cannot come before the content.',
    /** Not in the spec's words (its media refusal says 'category'): a commercial segment sent to the API (spec 000 section 6). */
    commercialUnavailable: 'The commercial segment is Coming Soon and cannot be used yet.',
  },
} as const;

export const ZSegmentType = z.enum(TEMPLATE.segmentTypes);
export type TSegmentType = z.infer<typeof ZSegmentType>;

/* ---------------------------------------------------------------- loudness scale */

/**
 * Linear gain of a loudness level: levels 1-10 map to 0.1-1.0, and 10-11 rise linearly to 1.35
 * (the spec fixes only the end points above unity; linear between them is our choice).
 */
export function scaleToGain(level: number): number {
  const clamped = Math.min(TEMPLATE.loudnessMax, Math.max(TEMPLATE.loudnessMin, level));
  if (clamped <= TEMPLATE.loudnessUnityLevel) return clamped / TEMPLATE.loudnessUnityLevel;
  return 1 + (clamped - TEMPLATE.loudnessUnityLevel) * (TEMPLATE.loudnessMaxGain - 1);
}

/** dB stored for a loudness level, rounded to 0.01 dB (level 10 is 0 dB, 4 is about -7.96 dB). */
export function scaleToDb(level: number): number {
  return Math.round(2000 * Math.log10(scaleToGain(level))) / 100;
}

/** The loudness level (1-11, step 0.1) nearest to a stored dB value; the inverse of scaleToDb. */
export function dbToScale(db: number): number {
  const gain = 10 ** (db / 20);
  const level = gain <= 1 ? gain * TEMPLATE.loudnessUnityLevel : TEMPLATE.loudnessUnityLevel + (gain - 1) / (TEMPLATE.loudnessMaxGain - 1);
  const stepped = Math.round(level / TEMPLATE.loudnessStep) * TEMPLATE.loudnessStep;
  return Math.round(Math.min(TEMPLATE.loudnessMax, Math.max(TEMPLATE.loudnessMin, stepped)) * 10) / 10;
}

export const TEMPLATE_VOLUME_DB_MIN = scaleToDb(TEMPLATE.loudnessMin);
export const TEMPLATE_VOLUME_DB_MAX = scaleToDb(TEMPLATE.loudnessMax);
export const TEMPLATE_VOLUME_DB_DEFAULT = scaleToDb(TEMPLATE.loudnessDefault);

export const ZLoudnessLevel = z
  .number()
  .min(TEMPLATE.loudnessMin)
  .max(TEMPLATE.loudnessMax)
  .refine((value) => isOnStep(value, TEMPLATE.loudnessStep), { message: 'Use steps of 0.1' });

/** A gain in dB as stored from the loudness scale (-20 dB at level 1 to about +2.61 dB at 11). */
export const ZVolumeDb = z.number().min(TEMPLATE_VOLUME_DB_MIN).max(TEMPLATE_VOLUME_DB_MAX);

function zHalfSteps(min: number, max: number) {
  return z
    .number()
    .min(min)
    .max(max)
    .refine((value) => isOnStep(value, TEMPLATE.timeStepS), { message: 'Use steps of 0.5' });
}
/** An offset in seconds, step 0.5; negative values overlap the previous segment. */
export const ZOffsetSeconds = zHalfSteps(-TEMPLATE.maxAbsOffsetS, TEMPLATE.maxAbsOffsetS);
export const ZFadeSeconds = zHalfSteps(0, TEMPLATE.maxFadeS);

/* ---------------------------------------------------------------- segments */

const optionalText = z.string().trim().nullish();

export const ZStaticSource = z.object({
  source_type: z.literal('static'),
  /** The media item's stored filename; media_id when the client knows the item. */
  filename: z.string().trim(),
  media_id: z.string().min(1).nullish(),
});

export const ZTtsSource = z.object({
  source_type: z.literal('tts'),
  text_prompt: z.string().max(TEMPLATE.maxScriptLength).default(''),
  voice_id: optionalText,
  voice_name: optionalText,
  voice_label: optionalText,
  prompt_id: optionalText,
});

/**
 * Legacy sources read as today's tts source: `ai_generated` with a prompt, and a tts source that
 * carries its script as `script` or `prompt` instead of `text_prompt`.
 */
function upgradeLegacySource(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const source = value as Record<string, unknown>;
  const isLegacyAi = source.source_type === 'ai_generated';
  if (source.source_type !== 'tts' && !isLegacyAi) return value;
  if (typeof source.text_prompt === 'string' && source.text_prompt !== '') return { ...source, source_type: 'tts' };
  const script = [source.script, source.prompt].find((text) => typeof text === 'string' && text !== '');
  return { ...source, source_type: 'tts', text_prompt: script ?? source.text_prompt ?? '' };
}

export const ZSegmentSource = z.preprocess(
  upgradeLegacySource,
  z.discriminatedUnion('source_type', [ZStaticSource, ZTtsSource], { error: TEMPLATE.messages.unknownSource }),
);
export type TSegmentSource = z.infer<typeof ZSegmentSource>;

export const ZSegment = z.object({
  /** Made by the server when a client leaves it out (spec 000 section 7). */
  id: z
    .string()
    .min(1)
    .default(() => globalThis.crypto.randomUUID()),
  slug: optionalText,
  name: optionalText,
  segment_type: ZSegmentType,
  source: ZSegmentSource,
});
export type TSegment = z.infer<typeof ZSegment>;
export type TSegmentInput = z.input<typeof ZSegment>;

/* ---------------------------------------------------------------- music and timing */

export const ZBackgroundMusicRule = z.object({
  id: z.string().min(1).optional(),
  apply_to_segments: z.array(ZSegmentType).min(1),
  music_filename: z.string().trim().min(1),
  media_id: z.string().min(1).nullish(),
  /** Seconds from the start of the first segment it covers; negative starts earlier. */
  start_offset_s: ZOffsetSeconds.default(0),
  /** Seconds before the end of the last segment it covers; negative runs on past it. */
  end_offset_s: ZOffsetSeconds.default(0),
  fade_in_s: ZFadeSeconds.default(TEMPLATE.defaultFadeInS),
  fade_out_s: ZFadeSeconds.default(TEMPLATE.defaultFadeOutS),
  volume_db: ZVolumeDb.default(TEMPLATE_VOLUME_DB_DEFAULT),
});
export type TBackgroundMusicRule = z.infer<typeof ZBackgroundMusicRule>;
export type TBackgroundMusicRuleInput = z.input<typeof ZBackgroundMusicRule>;

export const ZTemplateTiming = z.object({
  /** Seconds after the intro ends that the content starts; negative overlaps the intro. */
  content_start_offset_s: ZOffsetSeconds.default(0),
  /** Seconds after the content ends that the outro starts; negative overlaps the content. */
  outro_start_offset_s: ZOffsetSeconds.default(0),
});
export type TTemplateTiming = z.infer<typeof ZTemplateTiming>;

/* ---------------------------------------------------------------- AI settings */

/** Comma-separated or listed tags: trimmed, de-duplicated ignoring case, at most 20 of 30 characters. */
export const ZTemplateTags = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => {
    const parts = (typeof value === 'string' ? [value] : value).flatMap((entry) => entry.split(','));
    const seen = new Set<string>();
    return parts.map((tag) => tag.trim()).filter((tag) => tag !== '' && !seen.has(tag.toLowerCase()) && seen.add(tag.toLowerCase()));
  })
  .pipe(z.array(z.string().max(TEMPLATE.maxTagLength)).max(TEMPLATE.maxTags));

const instructions = z.string().max(TEMPLATE.maxInstructionsLength).nullish();

export const ZTemplateAiSettings = z.object({
  auto_fill_ai: z.boolean().default(true),
  title_instructions: instructions,
  notes_instructions: instructions,
  tags_instructions: instructions,
  tags_always_include: ZTemplateTags.default([]),
  auto_generate_tags: z.boolean().default(true),
});
export type TTemplateAiSettings = z.infer<typeof ZTemplateAiSettings>;

/* ---------------------------------------------------------------- the template */

/** Why a segment order breaks spec 000 §4's rules, or null when it is fine. */
export function segmentOrderProblem(segments: readonly { segment_type: TSegmentType }[]): string | null {
  const contentAt = segments.flatMap((segment, index) => (segment.segment_type === 'content' ? [index] : []));
  const content = contentAt[0];
  if (contentAt.length !== 1 || content === undefined) return TEMPLATE.messages.oneContent;
  if (segments.some((s, i) => s.segment_type === 'intro' && i > content)) return TEMPLATE.messages.introAfterContent;
  if (segments.some((s, i) => s.segment_type === 'outro' && i < content)) return TEMPLATE.messages.outroBeforeContent;
  return null;
}

const templateFields = {
  name: z.string().trim().min(1).max(TEMPLATE.maxNameLength),
  description: z.string().max(TEMPLATE.maxDescriptionLength).nullish(),
  is_active: z.boolean().default(true),
  podcast_id: z.string({ error: TEMPLATE.messages.showRequired }).min(1, { error: TEMPLATE.messages.showRequired }),
  segments: z.array(ZSegment).max(TEMPLATE.maxSegments),
  background_music_rules: z.array(ZBackgroundMusicRule).max(TEMPLATE.maxMusicRules).default([]),
  timing: ZTemplateTiming.prefault({}),
  ai_settings: ZTemplateAiSettings.prefault({}),
  default_elevenlabs_voice_id: z.string().nullish(),
  default_intern_voice_id: z.string().nullish(),
  automation_settings: z.object({ intern_voice_id: z.string().nullish() }).prefault({}),
};

function checkSegmentOrder(template: { segments: readonly { segment_type: TSegmentType }[] }, ctx: z.RefinementCtx): void {
  const problem = segmentOrderProblem(template.segments);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, path: ['segments'] });
}

/** Spec 000 section 6: the commercial segment type is unavailable to everyone, in the editor and the API alike. */
function checkAvailableSegments(template: { segments: readonly { segment_type: TSegmentType }[] }, ctx: z.RefinementCtx): void {
  const disabled: readonly string[] = TEMPLATE.disabledSegmentTypes;
  const index = template.segments.findIndex((segment) => disabled.includes(segment.segment_type));
  if (index >= 0)
    ctx.addIssue({ code: 'custom', message: TEMPLATE.messages.commercialUnavailable, path: ['segments', index, 'segment_type'] });
}

/** The body of POST /api/templates/ and PUT /api/templates/{id}. */
export const ZTemplateBody = z.object(templateFields).superRefine(checkSegmentOrder).superRefine(checkAvailableSegments);
export type TTemplateBody = z.infer<typeof ZTemplateBody>;
export type TTemplateBodyInput = z.input<typeof ZTemplateBody>;

/**
 * The body of PUT /api/templates/{id}: the fields sent replace the stored ones, so none is filled
 * with a default here; the merged template is checked with ZTemplateBody.
 */
export const ZTemplatePatch = z
  .object({
    ...templateFields,
    is_active: z.boolean(),
    background_music_rules: z.array(ZBackgroundMusicRule).max(TEMPLATE.maxMusicRules),
    timing: ZTemplateTiming,
    ai_settings: ZTemplateAiSettings,
    automation_settings: z.object({ intern_voice_id: z.string().nullish() }),
  })
  .partial();
export type TTemplatePatch = z.infer<typeof ZTemplatePatch>;

/** A stored template as GET /api/templates/{id} returns it. */
export const ZTemplate = z.object({ id: z.string().min(1), ...templateFields }).superRefine(checkSegmentOrder);
export type TTemplate = z.infer<typeof ZTemplate>;
export type TTemplateInput = z.input<typeof ZTemplate>;

/* ---------------------------------------------------------------- stored templates and requests */

/** A template as the list and the editor read it (stored data is not re-checked for order). */
export const ZTemplateView = z.object({
  id: z.string().min(1),
  ...templateFields,
  /** Null once the show was deleted: the editor then says 'Missing show'. */
  podcast_id: z.string().nullable(),
  created_at: z.date(),
  updated_at: z.date(),
});
export type TTemplateView = z.infer<typeof ZTemplateView>;
export const ZTemplateList = z.array(ZTemplateView);

export const ZTemplateIdInput = z.object({ id: z.string().min(1) });
/** tRPC twin of PUT /api/templates/{id}: the whole body (REST also takes a partial one). */
export const ZTemplateUpdateRequest = z.object({ id: z.string().min(1), template: ZTemplateBody });
export type TTemplateUpdateRequest = z.input<typeof ZTemplateUpdateRequest>;
/** The status card's Disable / Enable. */
export const ZTemplateSetActiveRequest = z.object({ id: z.string().min(1), is_active: z.boolean() });
export const ZTemplateDeleteResponse = z.object({ ok: z.literal(true), id: z.string() });
