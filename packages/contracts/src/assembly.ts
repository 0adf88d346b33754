import { z } from 'zod';
import { TEMPLATE, ZStaticSource, ZTtsSource, type TSegment, type TSegmentSource } from './template.ts';
import { TTS } from './limits.ts';
import { PUBLISH_LIMITS, PUBLISH_MESSAGES } from './publishing.ts';

/**
 * Assembly of an episode (spec 000 sections 4, 5, 7 and 9; issue 5): the Episode Creator's request,
 * the job's status as the wizard polls it, re-renders, and the manual editor's waveform peaks.
 */
export const ASSEMBLY = {
  /** 'Assembly poll: 5 s'. */
  statusPollMs: 5_000,
  /** 'Tags sent at assemble are trimmed to 30 characters each and capped at 20.' */
  maxTags: TEMPLATE.maxTags,
  maxTagLength: TEMPLATE.maxTagLength,
  /** 'Scheduling for assembly: at least 10 minutes ahead.' */
  scheduleLeadMinutes: 10,
  /** Spec 001 §9: manual cuts shorter than 20 ms are discarded. */
  minManualCutMs: 20,
  /** Not in the spec: bounds on what one request may carry. */
  maxCuts: 2_000,
  maxInternAnswers: 200,
  maxSfxChoices: 500,
  maxTitleLength: 255,
  maxOutputFilenameLength: 255,
  maxDescriptionLength: 20_000,
  /** Waveform peaks for the manual editor: 8 kHz mono folded 256 samples a pixel (31.25 pixels a second). */
  peaksSampleRate: 8_000,
  peaksSamplesPerPixel: 256,
} as const;

export const ASSEMBLY_MESSAGES = {
  /** Spec 000 §5: a call missing one of them. */
  required: 'A template, title, and audio file are required.',
  /** Spec 000 §5, step 5's fields: a title left blank, an episode number left out. */
  titleRequired: 'Enter a title to continue.',
  episodeNumberRequired: 'Enter an episode number to continue.',
  /** Spec 000 §5, step 3's field message: an AI-voice segment whose script is blank. */
  scriptRequired: 'Please provide the script for this AI segment before continuing.',
  scheduleRequired: 'Pick date & time for scheduling',
  scheduleTooSoon: 'Scheduled time must be at least 10 minutes in the future.',
  /** Spec 000 §8. */
  pollFailed: 'Failed to poll for job status.',
  uploadNotReady: 'This upload is still being transcribed. Assemble it once it shows Ready.',
  uploadFailed: 'This upload could not be transcribed, so it cannot be assembled.',
  jobNotFound: 'Assembly job not found',
  episodeNotFound: 'Episode not found',
  noAudio: 'This episode has no rendered audio yet.',
  notRerenderable: 'Only an assembled episode can be re-rendered.',
  busy: 'This episode is being rendered. Try again when it finishes.',
  noCuts: 'No cuts selected',
  /** What a creator reads when the render cannot succeed. */
  staticMissing: (name: string) =>
    `The audio file "${name}" is no longer in your media library. Choose another file in the template and assemble again.`,
  musicMissing: (name: string) =>
    `The music file "${name}" is no longer in your media library. Update the template's music and assemble again.`,
  /** Not in the spec's words: an episode cover that is not one of the creator's uploaded images (issue 19). */
  coverMissing: (name: string) => `The cover image "${name}" is not among your uploaded images. Upload it again and assemble.`,
  uploadMissing: 'The main audio of this episode was deleted, so it cannot be rendered again.',
  voiceFailed: (segment: string, reason: string) => `The AI voice for "${segment}" could not be created: ${reason}`,
  /** A segment_sources file that is not one of the creator's library files (spec 002 §5's words). */
  segmentFileNotFound: 'selected file not found in library',
  segmentUnknown: (id: string) => `The template has no intro, outro or other segment "${id}".`,
  renderFailed: (reason: string) => `The episode could not be rendered: ${reason}`,
} as const;

/** A stretch in milliseconds; the end comes after the start. */
export const ZTimeRangeMs = z
  .object({ start_ms: z.number().int().min(0), end_ms: z.number().int().min(0) })
  .refine((range) => range.end_ms > range.start_ms, { message: 'A cut must end after it starts', path: ['end_ms'] });
export type TTimeRangeMs = z.infer<typeof ZTimeRangeMs>;

/** Spec 000 §3 'Intents': answers are yes, no or unknown. */
export const ZIntentAnswer = z.enum(['yes', 'no', 'unknown']);
export type TIntentAnswer = z.infer<typeof ZIntentAnswer>;

/**
 * An Intern answer the creator accepted: its text spoken by a voice (rendered and kept in the media
 * library), or an already rendered clip by media id. It plays at the end of the spoken command.
 */
export const ZInternAnswer = z
  .object({
    intern_index: z.number().int().min(0),
    text: z.string().trim().max(TTS.maxScriptChars).optional(),
    voice_id: z.string().trim().min(1).optional(),
    media_id: z.string().min(1).optional(),
    /** Content seconds to place it at (the creator's end mark); default: the command's end. */
    at_s: z.number().min(0).optional(),
  })
  .refine((answer) => Boolean(answer.media_id) || Boolean(answer.text), {
    message: 'An Intern answer needs its text or a clip',
    path: ['text'],
  });
export type TInternAnswer = z.infer<typeof ZInternAnswer>;

/** A sound-effect hit kept: plays at its keyword (the keyword is cut unless keep_keyword). */
export const ZSfxChoice = z.object({
  hit_index: z.number().int().min(0),
  /** Another effect than the one the keyword belongs to. */
  media_id: z.string().min(1).optional(),
  keep_keyword: z.boolean().default(false),
});
export type TSfxChoice = z.infer<typeof ZSfxChoice>;

/** Cleanup settings this episode overrides; the rest come from the creator's saved settings. */
export const ZCleanupOverrides = z
  .object({
    removeFillers: z.boolean(),
    removePauses: z.boolean(),
    maxPauseSeconds: z.number().positive(),
    targetPauseSeconds: z.number().min(0),
    fillerLeadTrimMs: z.number().int().min(0),
    censorEnabled: z.boolean(),
    enhanceSpeech: z.boolean(),
  })
  .partial();
export type TCleanupOverrides = z.infer<typeof ZCleanupOverrides>;

export const ZAssemblyPublishMode = z.enum(['now', 'draft', 'schedule']);
export type TAssemblyPublishMode = z.infer<typeof ZAssemblyPublishMode>;

/** Spec 000 §4: visibility applies only in mode now; a schedule is sent unpublished plus a time. */
export const ZAssemblyPublish = z
  .object({
    mode: ZAssemblyPublishMode.default('draft'),
    visibility: z.enum(['public', 'unpublished']).default('public'),
    publish_at: z.coerce.date().nullish(),
    publish_at_local: z.string().max(64).nullish(),
  })
  .refine((publish) => publish.mode !== 'schedule' || publish.publish_at, {
    message: ASSEMBLY_MESSAGES.scheduleRequired,
    path: ['publish_at'],
  });
export type TAssemblyPublish = z.infer<typeof ZAssemblyPublish>;

/**
 * Scheduling for assembly (spec 000 sections 5 and 9): at least 10 minutes ahead and on the 5-minute
 * step (300 s; spec 001's words for it), or null when the time is fine.
 */
export function assemblyScheduleProblem(publishAt: Date, now: Date = new Date()): string | null {
  if (publishAt.getTime() - now.getTime() < ASSEMBLY.scheduleLeadMinutes * 60_000) return ASSEMBLY_MESSAGES.scheduleTooSoon;
  return publishAt.getTime() % (PUBLISH_LIMITS.scheduleStepMinutes * 60_000) === 0 ? null : PUBLISH_MESSAGES.scheduleStep;
}

/** The characters a download name keeps (anything else becomes '-'). */
const UNSAFE_NAME = /[^\w.-]+/g;

/** output_filename for a title: its words joined by '-', '.mp3' (the render's container); 'episode.mp3' for none. */
export function episodeOutputFilename(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(UNSAFE_NAME, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 120);
  return `${base || 'episode'}.mp3`;
}

/**
 * The name the finished file downloads under: output_filename as sent (made safe, its extension
 * replaced by the stored file's, since the render decides the container), else one from the title.
 */
export function episodeDownloadName(outputFilename: string | null | undefined, title: string, extension: string): string {
  const chosen = (outputFilename ?? '').split(/[\\/]/).pop() ?? '';
  const base = episodeOutputFilename(chosen.replace(/\.[a-z0-9]{1,8}$/i, '') || title).replace(/\.mp3$/, '');
  return `${base}.${extension}`;
}

/** Tags as typed (comma string) or listed: each trimmed to 30 characters, empty ones dropped, at most 20. */
export const ZAssemblyTags = z.union([z.string(), z.array(z.string())]).transform((value) =>
  (typeof value === 'string' ? [value] : value)
    .flatMap((entry) => entry.split(','))
    .map((tag) => tag.trim().slice(0, ASSEMBLY.maxTagLength).trim())
    .filter((tag) => tag !== '')
    .slice(0, ASSEMBLY.maxTags),
);

/**
 * 'Step 5 requires Episode Title ... and Episode Number': a whole number 0 or more (digits as typed
 * are taken too); anything else, null included, is 'Enter an episode number to continue.'
 */
const ZEpisodeNumber = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], { error: ASSEMBLY_MESSAGES.episodeNumberRequired })
  .pipe(z.number().int({ error: ASSEMBLY_MESSAGES.episodeNumberRequired }).min(0, { error: ASSEMBLY_MESSAGES.episodeNumberRequired }));

/**
 * Spec 000 §3 'Episode details' as the wizard sends them at assemble. No title at all is the call's
 * 'A template, title, and audio file are required.'; a blank one is step 5's 'Enter a title to continue.'
 */
export const ZEpisodeDetails = z.object({
  title: z
    .string({ error: ASSEMBLY_MESSAGES.required })
    .trim()
    .min(1, { error: ASSEMBLY_MESSAGES.titleRequired })
    .max(ASSEMBLY.maxTitleLength),
  description: z.string().max(ASSEMBLY.maxDescriptionLength).default(''),
  season: z.coerce.number().int().min(0).nullish(),
  episodeNumber: ZEpisodeNumber,
  explicit: z.boolean().default(false),
  tags: ZAssemblyTags.default([]),
  /** A cover already uploaded (its stored filename or /static/media path). */
  cover_image_path: z.string().trim().max(1000).nullish(),
  /** 'x1,y1,x2,y2' in pixels. */
  cover_crop: z
    .string()
    .trim()
    .regex(/^\d+,\d+,\d+,\d+$/)
    .nullish(),
});
export type TEpisodeDetails = z.infer<typeof ZEpisodeDetails>;

/**
 * One segment's source for one episode (the /ab draft's saved intro or outro): a file of the creator's
 * media library named by its id (the stored filename follows from it), or an AI voice with its script.
 */
export const ZSegmentSourceOverride = z.discriminatedUnion('source_type', [
  ZStaticSource.extend({ filename: z.string().trim().max(300).default(''), media_id: z.string().trim().min(1).max(200) }),
  ZTtsSource,
]);
export type TSegmentSourceOverride = z.infer<typeof ZSegmentSourceOverride>;
export type TSegmentSourceOverrideInput = z.input<typeof ZSegmentSourceOverride>;

/**
 * The template's segments as this episode plays them: each overridden segment (never the content)
 * takes its episode source; an AI voice over an AI voice keeps the template's voice and script when
 * the override leaves them out.
 */
export function withSegmentSources(segments: readonly TSegment[], sources: Readonly<Record<string, TSegmentSource>>): TSegment[] {
  return segments.map((segment) => {
    const source = segment.segment_type === 'content' ? undefined : sources[segment.id];
    if (!source) return segment;
    if (source.source_type === 'tts' && segment.source.source_type === 'tts') {
      const base = segment.source;
      return {
        ...segment,
        source: { ...base, ...source, text_prompt: source.text_prompt || base.text_prompt, voice_id: source.voice_id ?? base.voice_id },
      };
    }
    return { ...segment, source };
  });
}

/**
 * POST /api/episodes/assemble (spec 000 §7): {template_id, main_content_filename, output_filename,
 * tts_values, episode_details, flubber_cuts_ms, intents}, plus the choices the wizard's reviews make
 * (Flubber retakes by index, Intern answers, sound effects, cleanup overrides, manual cuts) and the
 * publish choice. The upload is named by main_content_filename: its stored filename, as the wizard
 * sends it (its id or original name are still taken, for older clients), or media_id.
 * output_filename is the finished file's download name (episodeOutputFilename of the title by default).
 */
export const ZAssembleEpisodeRequest = z
  .object({
    template_id: z.string({ error: ASSEMBLY_MESSAGES.required }).trim().min(1, { error: ASSEMBLY_MESSAGES.required }),
    /** Defaults to the template's show. */
    podcast_id: z.string().trim().min(1).nullish(),
    main_content_filename: z.string().trim().min(1).nullish(),
    media_id: z.string().trim().min(1).nullish(),
    output_filename: z.string().trim().max(ASSEMBLY.maxOutputFilenameLength).nullish(),
    /** Script per tts segment id, replacing the template's for this episode. */
    tts_values: z.record(z.string(), z.string().max(TTS.maxScriptChars)).default({}),
    /** Voice per tts segment id for this episode ('Change voice' on step 3), replacing the template's. */
    tts_voices: z.record(z.string(), z.string().trim().min(1).max(200)).default({}),
    /** Per segment id, a source replacing the template's for this episode only: a library file or an AI voice. */
    segment_sources: z.record(z.string(), ZSegmentSourceOverride).default({}),
    episode_details: ZEpisodeDetails,
    /** Retakes to cut, in content milliseconds (the marker minus 0.75 s to plus 0.25 s, or as reviewed). */
    flubber_cuts_ms: z.array(ZTimeRangeMs).max(ASSEMBLY.maxCuts).default([]),
    /** Detected retakes to cut by flubber_index; with intents.flubber 'yes', none listed and no flubber_cuts_ms, every one is cut. */
    flubber_indices: z.array(z.number().int().min(0)).max(ASSEMBLY.maxCuts).optional(),
    intents: z
      .object({
        flubber: ZIntentAnswer.default('unknown'),
        intern: ZIntentAnswer.default('unknown'),
        sfx: ZIntentAnswer.default('unknown'),
        intern_overrides: z.array(ZInternAnswer).max(ASSEMBLY.maxInternAnswers).default([]),
      })
      .prefault({}),
    intern_answers: z.array(ZInternAnswer).max(ASSEMBLY.maxInternAnswers).default([]),
    /** Sound effects to play; with intents.sfx 'yes' and none listed, every detected hit plays. */
    sfx_choices: z.array(ZSfxChoice).max(ASSEMBLY.maxSfxChoices).optional(),
    cleanup: ZCleanupOverrides.default({}),
    /** Cuts drawn by hand, in content milliseconds; shorter than 20 ms are dropped. */
    manual_cuts: z.array(ZTimeRangeMs).max(ASSEMBLY.maxCuts).default([]),
    publish: ZAssemblyPublish.prefault({}),
  })
  .refine((request) => Boolean(request.main_content_filename || request.media_id), {
    message: ASSEMBLY_MESSAGES.required,
    path: ['main_content_filename'],
  });
export type TAssembleEpisodeRequest = z.infer<typeof ZAssembleEpisodeRequest>;
export type TAssembleEpisodeRequestInput = z.input<typeof ZAssembleEpisodeRequest>;

export const ZAssembleEpisodeResponse = z.object({
  job_id: z.string(),
  episode_id: z.string(),
  status: z.literal('queued'),
  minutes_charged: z.number().int().min(0),
});
export type TAssembleEpisodeResponse = z.infer<typeof ZAssembleEpisodeResponse>;

/** Where an assembly stands: the wizard stops polling at processed or error. */
export const ZAssemblyStatus = z.enum(['queued', 'processing', 'processed', 'error']);
export type TAssemblyStatus = z.infer<typeof ZAssemblyStatus>;

export const ZEpisodeChapter = z.object({ title: z.string(), start_s: z.number().min(0) });

/** Spec 000 §3 'Assembled episode' (title, description, final_audio_url) and what the render measured. */
export const ZAssembledEpisode = z.object({
  id: z.string(),
  podcast_id: z.string(),
  template_id: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  /** The episode's own status: pending, processing, processed, error, scheduled, published. */
  status: z.string(),
  /** A signed, short-lived URL an audio element can play; null until rendered. */
  final_audio_url: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  cleanup_stats: z.object({ fillers_removed: z.number().int(), pauses_compressed: z.number().int() }).nullable(),
  chapters: z.array(ZEpisodeChapter),
  publish_mode: ZAssemblyPublishMode.nullable(),
  processed_at: z.date().nullable(),
});
export type TAssembledEpisode = z.infer<typeof ZAssembledEpisode>;

/**
 * What happened to the publish choice once the render finished (spec 000 §4): 'now' dispatched, a
 * schedule set, a draft kept, a schedule that had become invalid kept as a draft ('Schedule invalid'),
 * or a failure with its reason.
 */
export const ZAssemblyPublishOutcome = z.object({
  mode: ZAssemblyPublishMode,
  outcome: z.enum(['pending', 'dispatched', 'scheduled', 'draft', 'schedule_invalid', 'failed']),
  error: z.string().nullable(),
});
export type TAssemblyPublishOutcome = z.infer<typeof ZAssemblyPublishOutcome>;

/** GET /api/episodes/status/{jobId}: status, episode, error (spec 000 §7), with the render's progress. */
export const ZEpisodeJobStatus = z.object({
  job_id: z.string(),
  episode_id: z.string(),
  status: ZAssemblyStatus,
  /** 0-100 while rendering. */
  progress: z.number().min(0).max(100).nullable(),
  episode: ZAssembledEpisode.nullable(),
  error: z.string().nullable(),
  /** Null until the render is processed (and for episodes assembled before publishing followed assembly). */
  publish: ZAssemblyPublishOutcome.nullish(),
});
export type TEpisodeJobStatus = z.infer<typeof ZEpisodeJobStatus>;

export const ZJobIdInput = z.object({ job_id: z.string().min(1) });
export const ZAssemblyEpisodeInput = z.object({ id: z.string().min(1) });

/** POST /api/templates/{id}/rerender: every assembled episode made with the template, queued again. */
export const ZRerenderTemplateResponse = z.object({
  template_id: z.string(),
  queued: z.array(z.object({ episode_id: z.string(), job_id: z.string() })),
  /** Episodes made with it that were skipped (never assembled, or rendering now). */
  skipped: z.number().int().min(0),
});
export type TRerenderTemplateResponse = z.infer<typeof ZRerenderTemplateResponse>;

/** GET /api/templates/{id}/rerender: what 'Re-render episodes made with this template' would do now. */
export const ZRerenderTemplatePreview = z.object({
  template_id: z.string(),
  /** Assembled episodes made with the template, each planned and rendered again. */
  rerenderable: z.number().int().min(0),
  /** Made with it but skipped: never assembled, or rendering now. */
  skipped: z.number().int().min(0),
  /** A re-render charges no processing minutes (the episode was charged when first assembled). */
  uses_minutes: z.boolean(),
});
export type TRerenderTemplatePreview = z.infer<typeof ZRerenderTemplatePreview>;

/**
 * Extra cuts for an assembled episode (the manual editor's commit), in the finished episode's time
 * (time_base 'episode', what the editor's waveform shows) or in the upload's ('content').
 */
export const ZManualCutsRequest = z.object({
  cuts: z.array(ZTimeRangeMs).min(1, { error: ASSEMBLY_MESSAGES.noCuts }).max(ASSEMBLY.maxCuts),
  time_base: z.enum(['episode', 'content']).default('episode'),
});
export type TManualCutsRequest = z.input<typeof ZManualCutsRequest>;

export const ZRerenderResponse = z.object({ episode_id: z.string(), job_id: z.string(), status: z.literal('queued') });
export type TRerenderResponse = z.infer<typeof ZRerenderResponse>;

/** GET /api/episodes/{id}/peaks: min and max per pixel of the rendered file, interleaved, as 16-bit values. */
export const ZEpisodePeaks = z.object({
  episode_id: z.string(),
  duration_ms: z.number().int().min(0),
  sample_rate: z.number().int().positive(),
  samples_per_pixel: z.number().int().positive(),
  /** Pixels (data holds two values per pixel). */
  length: z.number().int().min(0),
  data: z.array(z.number().int()),
});
export type TEpisodePeaks = z.infer<typeof ZEpisodePeaks>;
