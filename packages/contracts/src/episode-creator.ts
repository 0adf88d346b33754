import { z } from 'zod';
import { ASSEMBLY_MESSAGES, ZIntentAnswer } from './assembly.ts';
import { CLEANUP, ZFuzzyThreshold } from './audio-cleanup.ts';
import { EPISODE_MESSAGES, ZFlubberContext } from './episodes.ts';
import { ZFillerContext, ZRetakeSuggestionContext } from './retake-review.ts';
import { MEDIA, TTS } from './limits.ts';
import { BILLING_MESSAGES } from './billing.ts';
import { MEDIA_MESSAGES } from './messages.ts';
import { PUBLISH_MESSAGES, scheduleProblem } from './publishing.ts';

/**
 * The Episode Creator wizard (spec 000 sections 2, 4, 5, 7, 8 and 9; issue 7): its constants, its
 * wording, and the calls made only by it (prepare-by-file for Flubber and Intern, Intern execute,
 * the last numbering). Assembly itself is in assembly.ts; minutes in billing.ts.
 */
export const EPISODE_CREATOR = {
  stepCount: 6,
  /** 'Flubber preparation retries up to 20 times at 1 s intervals on 425.' */
  flubberPrepareRetryCount: 20,
  flubberPrepareRetryDelayMs: 1_000,
  /** 'Fuzzy threshold: default 0.8; slider 0.5 to 0.95 step 0.05'. */
  fuzzyDefault: CLEANUP.defaultFuzzyThreshold,
  fuzzyMin: CLEANUP.minFuzzyThreshold,
  fuzzyMax: CLEANUP.maxFuzzyThreshold,
  fuzzyStep: CLEANUP.fuzzyThresholdStep,
  /** 'Flubber cut end: at least 0.05 s after the start.' */
  flubberMinCutS: CLEANUP.flubberMinCutSeconds,
  /** 'Intern: regenerations 2 by default; snippet max 30 s; minimum clip 0.25 s; default end 6 s after start'. */
  internMaxRegenerations: 2,
  internMaxDurationS: CLEANUP.internMaxDurationSeconds,
  internMinClipS: CLEANUP.internMinClipSeconds,
  internDefaultEndS: CLEANUP.internDefaultEndSeconds,
  /** 'Step 5 waits for the transcript to be ready, polled every 5 s.' */
  transcriptPollMs: 5_000,
  /** 'Processing estimate: 75% to 125% of audio length, in minutes'. */
  estimateLowShare: 0.75,
  estimateHighShare: 1.25,
  /** Cover (spec 000 sections 2, 5 and 9). */
  coverMaxMb: 15,
  coverRecommendedPx: 1400,
  coverOutputMaxPx: 2048,
  coverJpegQuality: 0.88,
  coverPreviewPx: 200,
  coverMinCropPx: 10,
  /** 'Cover upload timeout: 15 s + 4 s per MB, clamped 20 to 90 s'. */
  coverTimeoutBaseMs: 15_000,
  coverTimeoutPerMbMs: 4_000,
  coverTimeoutMinMs: 20_000,
  coverTimeoutMaxMs: 90_000,
  /** 'Schedule lead: ... publish step more than 1 min; time step 300 s'. */
  publishLeadMinutes: 1,
  scheduleStepSeconds: 300,
  /** 'Default schedule suggestion: next 5-minute mark and at least 60 minutes ahead; a stored schedule is reused if more than 10 minutes ahead.' */
  suggestedLeadMinutes: 60,
  storedScheduleReuseMinutes: 10,
  /** 'Test-mode title prefix'. */
  testTitlePrefix: 'Test - ',
} as const;

/** The cover upload's deadline for a file of this many bytes. */
export function coverUploadTimeoutMs(bytes: number): number {
  const mb = bytes / (1024 * 1024);
  const ms = EPISODE_CREATOR.coverTimeoutBaseMs + EPISODE_CREATOR.coverTimeoutPerMbMs * mb;
  return Math.min(EPISODE_CREATOR.coverTimeoutMaxMs, Math.max(EPISODE_CREATOR.coverTimeoutMinMs, Math.round(ms)));
}

/**
 * Spec 002 'Other limits': 'Processing estimate: 0.75x to max(1.25x, duration+2) minutes from the
 * duration; without duration, 8-14 minutes for wav/aif/aiff and 5-10 minutes otherwise' (spec 000's
 * 75% to 125% with spec 002's floor; whole minutes, at least 1).
 */
export const PROCESSING_ESTIMATE = {
  extraMinutes: 2,
  uncompressedExtensions: ['wav', 'aif', 'aiff'],
  uncompressedFallback: { low: 8, high: 14 },
  otherFallback: { low: 5, high: 10 },
} as const;

export function processingEstimate(seconds: number): { low: number; high: number } {
  const minutes = Math.max(0, seconds) / 60;
  const high = Math.max(minutes * EPISODE_CREATOR.estimateHighShare, minutes + PROCESSING_ESTIMATE.extraMinutes);
  return {
    low: Math.max(1, Math.round(minutes * EPISODE_CREATOR.estimateLowShare)),
    high: Math.max(1, Math.round(high)),
  };
}

/** The estimate from the duration when it is known, else the spec's fallback range by the file's kind. */
export function processingEstimateFor(seconds: number | null, filename: string | null): { low: number; high: number } {
  if (seconds !== null && Number.isFinite(seconds) && seconds > 0) return processingEstimate(seconds);
  const extension = (filename ?? '').toLowerCase().split('.').pop() ?? '';
  const uncompressed = (PROCESSING_ESTIMATE.uncompressedExtensions as readonly string[]).includes(extension);
  return { ...(uncompressed ? PROCESSING_ESTIMATE.uncompressedFallback : PROCESSING_ESTIMATE.otherFallback) };
}

/** Wording of the wizard (spec 000 sections 4, 5 and 8), word for word. */
export const EPISODE_CREATOR_MESSAGES = {
  invalidStep: 'Invalid Step',
  selectAudio: 'Please select an audio file.',
  uploadMissingFilename: MEDIA_MESSAGES.uploadMissingFilename,
  intentsPending: (labels: string) => `We need your answer about ${labels}.`,
  scriptsBanner: 'Complete the required scripts before continuing.',
  scriptsHint: 'Add text for each AI voice segment to enable Continue.',
  scriptRequired: ASSEMBLY_MESSAGES.scriptRequired,
  unknownSource: 'Unknown segment source type',
  coverNotImage: 'Cover must be an image file.',
  coverTooLarge: 'Cover image exceeds 15MB limit.',
  coverTimedOut: 'Cover upload timed out...',
  coverUploadFailed: MEDIA_MESSAGES.coverUploadFailed,
  coverProcessingFailed: 'Cover processing failed; you can retry or remove the cover.',
  coverSaved: 'Cover saved',
  titleRequired: ASSEMBLY_MESSAGES.titleRequired,
  episodeNumberRequired: ASSEMBLY_MESSAGES.episodeNumberRequired,
  quotaExceeded: BILLING_MESSAGES.quotaExceeded,
  quotaReached: BILLING_MESSAGES.episodeQuotaReached,
  notEnoughMinutes: BILLING_MESSAGES.insufficientMinutes,
  notEnoughMinutesTitle: 'Not enough processing minutes',
  unableToCheckMinutes: BILLING_MESSAGES.unableToCheckMinutes,
  /** Spec 000 §5 'Scheduling at publish' and §8: why a schedule fell back to draft ('Schedule invalid'). */
  publishPastTime: 'Pick a future date/time (>= 1 minute ahead).',
  scheduleInvalid: PUBLISH_MESSAGES.scheduleInvalid,
  invalidScheduleTime: 'Invalid schedule time',
  publishFailed: PUBLISH_MESSAGES.publishFailedAlert,
  publishDownstream: 'Publish downstream error',
  assembledRequired: PUBLISH_MESSAGES.assembledRequired,
  resultDraft: 'Episode saved as draft.',
  resultScheduled: 'Episode assembled and scheduled.',
  resultNow: 'Episode assembled; publish dispatched.',
  internUnavailable: 'Intern review unavailable',
  internFailed: 'Intern processing failed.',
  noRetakes: 'No retakes detected',
  noFlubberInstances: EPISODE_MESSAGES.noFlubberInstances,
  snippetUnavailable: EPISODE_MESSAGES.snippetUnavailable,
  noInternCommands: 'No intern commands detected.',
  internPreviewUnavailable: 'Audio preview unavailable for this command.',
  noFlubberContexts: EPISODE_MESSAGES.noFlubberContexts,
  deleteFailed: MEDIA_MESSAGES.deleteFailed,
  deleteFailedFallback: MEDIA_MESSAGES.unableToDeleteUpload,
  deleteReadyConfirm: MEDIA_MESSAGES.confirmDeleteReady,
  deleteProcessingConfirm: MEDIA_MESSAGES.confirmDeleteProcessing,
  uploadDeleted: MEDIA_MESSAGES.uploadDeleted,
  scheduledToast: 'Scheduled',
  draftReadyToast: 'Draft Ready',
  successToast: 'Success!',
  /** Server-side wording for the calls below (not in the spec). */
  internEndTooSoon: 'The end mark must be at least 0.25 s after the start of the command.',
  internEndTooLate: 'The end mark must be within 30 s of the start of the command.',
  internRegenerateLimit: 'This answer has been regenerated the most times allowed.',
  internCommandNotFound: 'Intern command not found',
  internNoVoice: 'Choose a voice for the Intern answers first.',
  /** Execute without override_text where no chat model answers questions (issue 18): never the creator's words quoted back. */
  internNoModel:
    'No AI that answers questions is set up on this instance, so the Intern does not answer by itself: send override_text with the answer in your own words and it is voiced, or dismiss the command.',
  internModelFailed: 'The AI chat model did not answer this command. Try again, or type the answer yourself.',
} as const;

/**
 * The publish step after assembly (spec 000 §4-5, 'Scheduling at publish: more than 1 minute
 * ahead'): null when the time still holds, else the reason the schedule falls back to draft in the
 * wizard's words: a time no longer more than a minute ahead is 'Pick a future date/time (>= 1 minute
 * ahead).'; one missing, unreadable or off the 5-minute step is 'Invalid schedule time'. The rules
 * are the publishing service's (scheduleProblem); only the words are the wizard's.
 */
export function creatorPublishScheduleProblem(value: string | Date | null | undefined, now: Date): string | null {
  const problem = scheduleProblem(value, now);
  if (problem === null) return null;
  return problem === PUBLISH_MESSAGES.scheduleLead
    ? EPISODE_CREATOR_MESSAGES.publishPastTime
    : EPISODE_CREATOR_MESSAGES.invalidScheduleTime;
}

/** The wizard's steps: 1 Choose a Template ... 6 Assembly. */
export const ZCreatorStep = z.number().int().min(1).max(EPISODE_CREATOR.stepCount);

/** The intent answers the wizard sends (spec 000 §3 'Intents'). */
export const ZCreatorIntents = z.object({
  flubber: ZIntentAnswer.default('unknown'),
  intern: ZIntentAnswer.default('unknown'),
  sfx: ZIntentAnswer.default('unknown'),
});
export type TCreatorIntents = z.infer<typeof ZCreatorIntents>;

const ZUploadName = z.string({ error: 'filename is required' }).trim().min(1, { error: 'filename is required' });

/** POST /api/flubber/prepare-by-file {filename, intents, fuzzy_threshold}: the retakes in an upload. */
export const ZFlubberPrepareByFileRequest = z.object({
  filename: ZUploadName,
  intents: ZCreatorIntents.partial().optional(),
  fuzzy_threshold: ZFuzzyThreshold,
});
export type TFlubberPrepareByFileRequest = z.input<typeof ZFlubberPrepareByFileRequest>;
/** The contexts of an upload: 'applied' is false (nothing is cut before assembly). */
export const ZFlubberPrepareByFileResponse = z.object({
  contexts: z.array(ZFlubberContext),
  /** Issue 33: takes said twice with no marker, offered unchecked; and every filler the assembly would cut. */
  suggestions: z.array(ZRetakeSuggestionContext).default([]),
  fillers: z.array(ZFillerContext).default([]),
});
export type TFlubberPrepareByFileResponse = z.infer<typeof ZFlubberPrepareByFileResponse>;

/** Spec 000 §3 'Intern command context'. */
export const ZInternContext = z.object({
  command_id: z.string(),
  intern_index: z.number().int().min(0),
  id: z.string(),
  start_s: z.number().min(0),
  snippet_start_s: z.number().min(0),
  snippet_end_s: z.number().min(0),
  max_duration_s: z.number().positive(),
  default_end_s: z.number().min(0),
  prompt_text: z.string(),
  /** Signed URL of the command's audio snippet; null when it could not be cut. */
  audio_url: z.string().nullable(),
  label: z.string(),
  /** Issue 33: how sure detection is that a command was spoken here, 0-1 (absent on older detections). */
  confidence: z.number().min(0).max(1).optional(),
});
export type TInternContext = z.infer<typeof ZInternContext>;

/** POST /api/intern/prepare-by-file {filename, voice_id}. */
export const ZInternPrepareByFileRequest = z.object({ filename: ZUploadName, voice_id: z.string().trim().min(1).nullish() });
export type TInternPrepareByFileRequest = z.input<typeof ZInternPrepareByFileRequest>;
export const ZInternPrepareByFileResponse = z.object({ contexts: z.array(ZInternContext) });
export type TInternPrepareByFileResponse = z.infer<typeof ZInternPrepareByFileResponse>;

/** POST /api/intern/execute {filename, end_s, voice_id, command_id, start_s, override_text, regenerate}. */
export const ZInternExecuteRequest = z.object({
  filename: ZUploadName,
  command_id: z.string().trim().min(1),
  start_s: z.number().min(0),
  end_s: z.number().min(0),
  voice_id: z.string().trim().min(1).nullish(),
  /** The creator's own answer: voiced as written instead of asking the text AI. */
  override_text: z.string().trim().max(TTS.maxScriptChars).nullish(),
  regenerate: z.boolean().default(false),
});
export type TInternExecuteRequest = z.input<typeof ZInternExecuteRequest>;

/** Spec 000 §3 'Intern result', plus the voiced clip's media id to send at assemble. */
export const ZInternExecuteResponse = z.object({
  command_id: z.string(),
  start_s: z.number().min(0),
  end_s: z.number().min(0),
  response_text: z.string(),
  prompt_text: z.string(),
  audio_url: z.string().nullable(),
  media_id: z.string().nullable(),
  regenerate_count: z.number().int().min(0),
  /** Whether the answer quotes the episode (the extractive engine) rather than being generated. */
  quoted: z.boolean(),
});
export type TInternExecuteResponse = z.infer<typeof ZInternExecuteResponse>;

/** GET /api/episodes/last/numbering?podcast_id: the show's latest season and episode numbers (null when none). */
export const ZLastNumberingQuery = z.object({ podcast_id: z.string().trim().min(1) });
export const ZLastNumbering = z.object({ season_number: z.number().int().nullable(), episode_number: z.number().int().nullable() });
export type TLastNumbering = z.infer<typeof ZLastNumbering>;

/** The next numbers to suggest: the same season, the next episode; 1 and 1 for a new show. */
export function suggestedNumbering(last: TLastNumbering): { season: number; episodeNumber: number } {
  return { season: last.season_number ?? 1, episodeNumber: (last.episode_number ?? 0) + 1 };
}

/** The wizard's shell (spec 000 §2): step titles, header, start chooser and review sub-flows, and the retry rules of §4. */
export const EPISODE_CREATOR_SHELL = {
  title: 'Episode Creator',
  stepTitles: [
    'Choose a Template',
    'Upload Main Content',
    'Customize Your Episode',
    'Cover Art',
    'Episode Details & Scheduling',
    'Assembly',
  ],
  /** Step 2's title in preuploaded mode. */
  chooseAudioTitle: 'Choose Audio',
  backToDashboard: 'Back to Dashboard',
  cancelBuild: 'Cancel Build',
  cancelBuildConfirm:
    'Cancel this build? The template, audio choice, answers and scripts of this episode are cleared. Your uploads stay in your library.',
  minutesBanner: 'Processing minutes remaining this month',
  /** Spec 001 §9: a plan without a monthly maximum. */
  minutesUnlimited: 'unlimited during beta',
  startTitle: 'How do you want to start?',
  recordNow: 'Record Your Podcast Now',
  /** Not in the spec: what the card that opens the Recorder (spec 002 §2.10) does. */
  recordDescription: 'Record in the browser; the recording is uploaded and transcribed, then you build the episode from it.',
  useProcessed: 'Upload and use processed audio',
  emailNote: 'An email arrives when each upload is transcribed.',
  tryAgain: 'Try again',
  intentsTitle: 'Before We Start',
  scanningTitle: 'Scanning for retakes',
  skipForNow: 'Skip for now',
  reviewRetakesTitle: 'Review Retakes',
  applySelected: 'Apply Selected',
  reviewInternTitle: 'Review Intern Commands',
  segmentTips: 'Segment tips',
  changeVoice: 'Change voice',
  configureAutomations: 'Configure Automations',
  uploadAudio: 'Upload audio',
  useInNewEpisode: 'Use in new episode',
  /** 'recommends WAV or MP3 under 200 MB'. */
  audioPrep: [
    'WAV or MP3 works best',
    `Keep the file under ${MEDIA.recommendedUploadMb} MB`,
    'Record in a quiet room, one voice per microphone',
    'Say "flubber" after a mistake to mark a retake',
  ],
  /** 'Intent detection is retried up to 5 times at 750 ms intervals on responses 404, 409 or 425.' */
  intentRetryStatuses: [404, 409, 425],
  intentRetryCount: MEDIA.intentRetryCount,
  intentRetryDelayMs: MEDIA.intentRetryDelayMs,
  /** 'Flubber preparation retries up to 20 times at 1 s intervals on 425.' */
  flubberRetryStatuses: [425],
} as const;
