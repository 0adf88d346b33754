import { z } from 'zod';
import { ENHANCEMENT } from './enhancement.ts';

/**
 * Audio cleanup and magic-word constants (spec 001 sections 3, 5, 9; spec 000 section 9).
 * Entries marked "not in the spec" are bounds this product adds so a stored setting stays small.
 */
export const CLEANUP = {
  /** Spec 001 §9 'Fillers: um, uh, like. Lead trim 100 ms.' These are the saved settings' defaults. */
  defaultFillerWords: ['um', 'uh', 'like'],
  /** Spec 002 §9: the account settings page shows this list; that page's filter state is not saved. */
  settingsPageFillerWords: ['um', 'uh', 'like', 'you know'],
  defaultFillerLeadTrimMs: 100,
  minFillerLeadTrimMs: 0,
  /** Spec 001 §9 'Max pause 1.8 s; target pause 0.6 s'; §5 minimums 0.4 and 0.2. */
  defaultMaxPauseSeconds: 1.8,
  minMaxPauseSeconds: 0.4,
  defaultTargetPauseSeconds: 0.6,
  minTargetPauseSeconds: 0.2,
  /** Spec 001 §5 'Censor threshold 0 to 1 in steps of 0.05'; §9 default 0.8. */
  defaultCensorMatchThreshold: 0.8,
  minCensorMatchThreshold: 0,
  maxCensorMatchThreshold: 1,
  censorMatchThresholdStep: 0.05,
  /** Spec 001 §9 'loose at or below 0.6, strict at 0.9 or more'. */
  censorLooseAtOrBelow: 0.6,
  censorStrictAtOrAbove: 0.9,
  /** Spec 001 §9 'Beep 250 ms, 1000 Hz, 0 dB gain.' */
  defaultCensorBeepMs: 250,
  defaultCensorBeepFreq: 1000,
  defaultCensorBeepGainDb: 0,
  defaultFlubberTrigger: 'flubber',
  defaultInternTrigger: 'intern',
  defaultInternEndMarkers: ['stop', 'stop intern'],
  /** 'remove stop phrase defaults on'. */
  defaultRemoveEndMarker: true,
  /** Not in the spec (the original product keeps the token). */
  defaultKeepCommandTokenInTranscript: true,
  /** Spec 000 §9 'Fuzzy threshold: default 0.8; slider 0.5 to 0.95 step 0.05'. */
  defaultFuzzyThreshold: 0.8,
  minFuzzyThreshold: 0.5,
  maxFuzzyThreshold: 0.95,
  fuzzyThresholdStep: 0.05,
  /** Spec 001 §7 and §9: a Flubber cut runs from the marker time minus 0.75 s to plus 0.25 s. */
  flubberCutBeforeSeconds: 0.75,
  flubberCutAfterSeconds: 0.25,
  /** Spec 000 §5 'Flubber cut end: at least 0.05 s after the start.' */
  flubberMinCutSeconds: 0.05,
  /**
   * Not in the spec: where a retake began. The words said after the trigger are matched against the
   * words said up to 30 s before it; a flubbed take must share at least 2 words with the retake, and
   * two words count as the same at this similarity. The cut reaches at most 0.15 s into the silence
   * before the flubbed take (issue 33: at 0.3 s the cut's start alone used up the 0.3 s the restart
   * point may be off by) and stops 0.1 s short of the retake's first word.
   */
  retakeWindowSeconds: 30,
  retakeMinSharedWords: 2,
  retakeWordSimilarity: 0.7,
  retakeLeadSilenceSeconds: 0.15,
  retakePreRollSeconds: 0.1,
  /** Spec 000 §9 'Intern: snippet max 30 s; minimum clip 0.25 s; default end 6 s after start'. */
  internMaxDurationSeconds: 30,
  internMinClipSeconds: 0.25,
  internDefaultEndSeconds: 6,
  /** Not in the spec: bounds on stored word lists and phrases. */
  maxWordListEntries: 200,
  maxPhraseLength: 100,
  /** Not in the spec: a beep is at most 10 s, at an audible frequency, between -60 and +20 dB. */
  maxCensorBeepMs: 10_000,
  minCensorBeepFreq: 20,
  maxCensorBeepFreq: 20_000,
  minCensorBeepGainDb: -60,
  maxCensorBeepGainDb: 20,
} as const;

/** True when value sits on the grid min, min + step, ... (tolerant of binary fractions like 0.35). */
export function isOnStep(value: number, step: number, min = 0): boolean {
  const steps = (value - min) / step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}

/** Spec 001 §9 wording for a censor threshold. Between the two bounds the spec names no word; we say 'normal'. */
export function censorStrictness(threshold: number): 'loose' | 'normal' | 'strict' {
  if (threshold <= CLEANUP.censorLooseAtOrBelow) return 'loose';
  if (threshold >= CLEANUP.censorStrictAtOrAbove) return 'strict';
  return 'normal';
}

/** Split on commas or pipes, trim, drop empties, de-duplicate case-insensitively (spec 001 §5). */
export function splitPhraseList(input: string | readonly string[]): string[] {
  const parts = (typeof input === 'string' ? [input] : input).flatMap((entry) => entry.split(/[,|]/));
  const seen = new Set<string>();
  const phrases: string[] = [];
  for (const part of parts) {
    const phrase = part.trim().replace(/\s+/g, ' ');
    const key = phrase.toLowerCase();
    if (phrase === '' || seen.has(key)) continue;
    seen.add(key);
    phrases.push(phrase);
  }
  return phrases;
}

const ZPhrase = z.string().trim().min(1).max(CLEANUP.maxPhraseLength);

/** A word list sent as an array or as one string separated by commas or pipes. */
function zPhraseList(defaults: readonly string[]) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((value) => splitPhraseList(value))
    .pipe(z.array(ZPhrase).max(CLEANUP.maxWordListEntries))
    .default([...defaults]);
}

/** A fuzzy match threshold for spoken commands: 0.5 to 0.95 in steps of 0.05, default 0.8. */
export const ZFuzzyThreshold = z
  .number()
  .min(CLEANUP.minFuzzyThreshold)
  .max(CLEANUP.maxFuzzyThreshold)
  .refine((value) => isOnStep(value, CLEANUP.fuzzyThresholdStep), { message: 'Use steps of 0.05' })
  .default(CLEANUP.defaultFuzzyThreshold);

export const ZCensorMatchThreshold = z
  .number()
  .min(CLEANUP.minCensorMatchThreshold)
  .max(CLEANUP.maxCensorMatchThreshold)
  .refine((value) => isOnStep(value, CLEANUP.censorMatchThresholdStep), { message: 'Use steps of 0.05' })
  .default(CLEANUP.defaultCensorMatchThreshold);

export const ZFlubberCommand = z.object({
  action: z.literal('rollback_restart').default('rollback_restart'),
  trigger_keyword: ZPhrase.default(CLEANUP.defaultFlubberTrigger),
});

export const ZInternCommand = z.object({
  action: z.literal('ai_command').default('ai_command'),
  trigger_keyword: ZPhrase.default(CLEANUP.defaultInternTrigger),
  end_markers: zPhraseList(CLEANUP.defaultInternEndMarkers),
  remove_end_marker: z.boolean().default(CLEANUP.defaultRemoveEndMarker),
  keep_command_token_in_transcript: z.boolean().default(CLEANUP.defaultKeepCommandTokenInTranscript),
});

/**
 * The user's audio cleanup settings (GET and PUT /api/users/me/audio-cleanup-settings).
 * Every field has the spec's default, so `{}` parses to the defaults and a partial body fills the rest.
 */
export const ZAudioCleanupSettings = z.object({
  removeFillers: z.boolean().default(true),
  fillerWords: zPhraseList(CLEANUP.defaultFillerWords),
  fillerLeadTrimMs: z.number().int().min(CLEANUP.minFillerLeadTrimMs).default(CLEANUP.defaultFillerLeadTrimMs),
  removePauses: z.boolean().default(true),
  maxPauseSeconds: z.number().min(CLEANUP.minMaxPauseSeconds).default(CLEANUP.defaultMaxPauseSeconds),
  targetPauseSeconds: z.number().min(CLEANUP.minTargetPauseSeconds).default(CLEANUP.defaultTargetPauseSeconds),
  censorEnabled: z.boolean().default(false),
  censorWords: zPhraseList([]),
  censorFuzzy: z.boolean().default(true),
  censorMatchThreshold: ZCensorMatchThreshold,
  /** Filename of an sfx media item to play instead of the generated beep. */
  censorBeepFile: z.string().trim().min(1).nullable().default(null),
  censorBeepMs: z.number().int().positive().max(CLEANUP.maxCensorBeepMs).default(CLEANUP.defaultCensorBeepMs),
  censorBeepFreq: z.number().min(CLEANUP.minCensorBeepFreq).max(CLEANUP.maxCensorBeepFreq).default(CLEANUP.defaultCensorBeepFreq),
  censorBeepGainDb: z.number().min(CLEANUP.minCensorBeepGainDb).max(CLEANUP.maxCensorBeepGainDb).default(CLEANUP.defaultCensorBeepGainDb),
  /** Issue 33: speech enhancement before transcription and in the render (enhancement.ts). */
  enhanceSpeech: z.boolean().default(ENHANCEMENT.defaultEnabled),
  commands: z
    .object({
      flubber: ZFlubberCommand.prefault({}),
      intern: ZInternCommand.prefault({}),
    })
    .prefault({}),
});
export type TAudioCleanupSettings = z.infer<typeof ZAudioCleanupSettings>;
export type TAudioCleanupSettingsInput = z.input<typeof ZAudioCleanupSettings>;

export const DEFAULT_AUDIO_CLEANUP_SETTINGS: TAudioCleanupSettings = ZAudioCleanupSettings.parse({});
