import type { z } from 'zod';
import {
  BYTES_PER_MB,
  EPISODE_CREATOR,
  EPISODE_CREATOR_MESSAGES,
  audioExceedsMessage,
  episodeOutputFilename,
  scriptOf,
  type TAssembleEpisodeRequestInput,
  type TCapabilities,
  type ZAssemblyPublish,
  type ZEpisodeDetails,
  type TFlubberContext,
  type TInternAnswer,
  type TInternContext,
  type TInternExecuteRequest,
  type TMediaItem,
  type TPlanFeature,
  type TPlanFeatures,
  type TSegment,
  type TTimeRangeMs,
} from '@ppp/contracts';
import type { CreatorUpload, IntentAnswers, IntentCounts, IntentKey, InternReviewItem } from './creator-state.ts';
import { extrasRequest, type RetakeExtras } from './retake-extras.ts';

/**
 * The wizard's rules as pure functions (spec 000 sections 4, 5 and 9): which templates and questions
 * show, what is still unanswered, what blocks Continue, the retake and Intern ranges, and what goes
 * to the assemble call.
 */

/* ---------------------------------------------------------------- templates and uploads */

/** 'If exactly one active template exists it is auto-selected and the wizard moves to step 2.' */
export function autoSelectedTemplate<T extends { is_active: boolean }>(templates: readonly T[]): T | null {
  const active = templates.filter((t) => t.is_active);
  return active.length === 1 ? (active[0] ?? null) : null;
}

export function templateDescription(description: string | null | undefined): string {
  return description?.trim() ? description : 'No description available.';
}

/** A media item as the wizard keeps it. */
export function toCreatorUpload(item: TMediaItem): CreatorUpload {
  return {
    id: item.id,
    filename: item.friendly_name || item.original_name,
    stored_filename: item.filename,
    duration_seconds: item.duration_seconds,
    transcript_ready: item.transcript_ready,
    intents: item.intents ? { flubber: item.intents.flubber.count, intern: item.intents.intern.count, sfx: item.intents.sfx.count } : null,
  };
}

/** Step 2's file checks: audio/* only, and the admin's size cap (spec 000 §5). */
export function audioFileProblem(file: { type: string; size: number }, maxUploadMb: number): string | null {
  if (!file.type.startsWith('audio/')) return EPISODE_CREATOR_MESSAGES.selectAudio;
  if (file.size > maxUploadMb * BYTES_PER_MB) return audioExceedsMessage(maxUploadMb);
  return null;
}

/* ---------------------------------------------------------------- intents */

export const INTENT_LABELS: Record<IntentKey, string> = { flubber: 'Flubber', intern: 'Intern', sfx: 'Sound Effects' };
const INTENT_ORDER: readonly IntentKey[] = ['flubber', 'intern', 'sfx'];

/**
 * 'Intern is hidden without has_elevenlabs or has_google_tts; sfx is hidden without
 * has_any_sfx_triggers; flubber is always available' (spec 000 §4). has_tts counts as well, on
 * purpose: in the spec's product those two were the only voice engines, so they stood for 'an AI
 * voice capability' (§6, 'Intern features depend on an AI voice capability'). Here the speech port
 * has a built-in engine (espeak-ng, ARCHITECTURE.md 'Ports and adapters': every port has a real
 * embedded default so a fresh machine runs the whole product with no account anywhere), and the
 * Intern's answers are voiced through the same port. Reading the two flags alone would hide the
 * Intern on every instance without a paid key, though it works there; has_tts is true exactly
 * when some engine can voice the answer, which is what the rule is about.
 */
export function availableIntents(
  caps: Pick<TCapabilities, 'has_elevenlabs' | 'has_google_tts' | 'has_tts' | 'has_any_sfx_triggers'> | null,
): IntentKey[] {
  return INTENT_ORDER.filter((key) => {
    if (key === 'intern') return Boolean(caps && (caps.has_elevenlabs || caps.has_google_tts || caps.has_tts));
    if (key === 'sfx') return Boolean(caps?.has_any_sfx_triggers);
    return true;
  });
}

/** The plan feature each automation needs (spec 002 §9): Flubber and Intern are Creator's, sound effects Pro's. */
export const INTENT_FEATURES: Record<IntentKey, TPlanFeature> = { flubber: 'flubber', intern: 'intern', sfx: 'sfxTemplates' };

/** Questions the plan does not include: shown locked with Upgrade instead of asked, and answered no. */
export function lockedIntents(shown: readonly IntentKey[], features: TPlanFeatures | null): IntentKey[] {
  if (!features) return [];
  return shown.filter((key) => !features[INTENT_FEATURES[key]]);
}

/** Once detection is ready, a question whose count is 0 is hidden. */
export function visibleIntents(available: readonly IntentKey[], counts: IntentCounts | null): IntentKey[] {
  if (!counts) return [...available];
  return available.filter((key) => counts[key] > 0);
}

export function pendingIntents(visible: readonly IntentKey[], answers: IntentAnswers): IntentKey[] {
  return visible.filter((key) => answers[key] === 'unknown');
}

/** 'We need your answer about {labels}.' */
export function pendingMessage(pending: readonly IntentKey[]): string {
  return EPISODE_CREATOR_MESSAGES.intentsPending(pending.map((key) => INTENT_LABELS[key]).join(', '));
}

/** Hidden questions are answered 'no', so nothing unasked is applied. */
export function answersWithHidden(answers: IntentAnswers, visible: readonly IntentKey[]): IntentAnswers {
  const out = { ...answers };
  for (const key of INTENT_ORDER) if (!visible.includes(key)) out[key] = 'no';
  return out;
}

/** The question of each intent: plain before detection, reworded with the count once it is detected. */
export function intentQuestion(key: IntentKey, count: number | null): string {
  const found = count !== null && count > 0;
  if (key === 'flubber')
    return found
      ? `We heard 'flubber' ${count} time${count === 1 ? '' : 's'}. Review and cut those retakes?`
      : "Did you say 'flubber' to mark a retake you want cut?";
  if (key === 'intern')
    return found
      ? `We heard ${count} Intern command${count === 1 ? '' : 's'}. Answer ${count === 1 ? 'it' : 'them'} in an AI voice?`
      : 'Did you ask the Intern a question to answer in an AI voice?';
  return found
    ? `We heard ${count} sound-effect cue${count === 1 ? '' : 's'}. Play the effects?`
    : 'Did you say a sound-effect cue to play an effect?';
}

/* ---------------------------------------------------------------- scripts (step 3) */

/** Every tts script as assembly should speak it. */
export function ttsValuesFor(segments: readonly TSegment[], ttsValues: Record<string, string>): Record<string, string> {
  return Object.fromEntries(segments.filter((s) => s.source.source_type === 'tts').map((s) => [s.id, scriptOf(s, ttsValues)]));
}

/* ---------------------------------------------------------------- Flubber */

export interface FlubberCut {
  start_s: number;
  end_s: number;
  cut: boolean;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The server's proposed cut (from where the flubbed take began to the retake, or the marker minus
 * 0.75 s to plus 0.25 s when no retake was found), preselected: the review only opens after the
 * creator said yes to retakes; Uncut keeps the take.
 */
export function defaultFlubberCut(context: Pick<TFlubberContext, 'cut_start_s' | 'cut_end_s' | 'preselected'>): FlubberCut {
  // Issue 33: a cut reaching more than 1 s before the take it repeats is offered unchecked.
  return { ...clampFlubberRange(context.cut_start_s, context.cut_end_s), cut: context.preselected !== false };
}

/** A range as typed: start at 0 or later, end at least 0.05 s after the start. */
export function clampFlubberRange(start_s: number, end_s: number): { start_s: number; end_s: number } {
  const start = round3(Math.max(0, Number.isFinite(start_s) ? start_s : 0));
  const end = round3(Math.max(start + EPISODE_CREATOR.flubberMinCutS, Number.isFinite(end_s) ? end_s : 0));
  return { start_s: start, end_s: end };
}

const sortedMs = (cuts: TTimeRangeMs[]) => cuts.sort((a, b) => a.start_ms - b.start_ms);

/** The retakes picked for cutting, as content milliseconds sorted by start. */
export function flubberCutsMs(cuts: Record<number, FlubberCut>): TTimeRangeMs[] {
  return sortedMs(
    Object.values(cuts)
      .filter((c) => c.cut)
      .map((c) => ({ start_ms: Math.round(c.start_s * 1000), end_ms: Math.round(c.end_s * 1000) })),
  );
}

/** Whether another scan is worth it: the threshold can still go fuzzier (lower). */
export function fuzzierThreshold(value: number): number {
  return Math.max(EPISODE_CREATOR.fuzzyMin, round3(value - EPISODE_CREATOR.fuzzyStep));
}

/* ---------------------------------------------------------------- Intern */

/** The end mark within its window: at least 0.25 s after the start, at most the window (30 s). */
export function clampInternEnd(context: Pick<TInternContext, 'start_s' | 'max_duration_s'>, end_s: number): number {
  const windowS = Math.min(context.max_duration_s, EPISODE_CREATOR.internMaxDurationS);
  const min = context.start_s + EPISODE_CREATOR.internMinClipS;
  const max = context.start_s + windowS;
  return round3(Math.min(max, Math.max(min, Number.isFinite(end_s) ? end_s : min)));
}

export function internReady(item: InternReviewItem | undefined): boolean {
  return Boolean(item && item.response_text.trim() !== '');
}

export function internDismissed(item: InternReviewItem | undefined): boolean {
  return item?.dismissed === 'keep' || item?.dismissed === 'cut';
}

/**
 * 'Continue is enabled only when all commands have non-empty responses, or there are none', where a
 * command dismissed as a false detection needs no response.
 */
export function internCanContinue(contexts: readonly TInternContext[], items: Record<string, InternReviewItem>): boolean {
  return contexts.every((c) => internDismissed(items[c.command_id]) || internReady(items[c.command_id]));
}

/** Which engine answers Intern commands (GET capabilities' text_ai_engine): 'extractive' cannot answer questions. */
export type AnswerEngine = TCapabilities['text_ai_engine'];

/** Whether the instance's text AI can answer a question at all (the extractive default only quotes the episode). */
export function canAnswer(engine: AnswerEngine): boolean {
  return engine !== 'extractive';
}

/** Regenerate is offered only where asking again can give another answer: a chat model, within the limit. */
export function canRegenerate(item: InternReviewItem | undefined, engine: AnswerEngine): boolean {
  return canAnswer(engine) && Boolean(item && item.regenerate_count < EPISODE_CREATOR.internMaxRegenerations);
}

/**
 * What a yes means, under the question (issue 18): which engine answers Intern commands, and that a
 * sound effect plays only where its keyword was said aloud. Null for Flubber.
 */
export function intentHint(key: IntentKey, engine: AnswerEngine): string | null {
  if (key === 'intern')
    return canAnswer(engine)
      ? 'Answers come from the AI chat model set up on this instance; you can edit each one before it is voiced.'
      : 'No AI that answers questions is set up on this instance: you type each answer (voiced in the chosen voice), or dismiss the command.';
  if (key === 'sfx') return 'An effect plays only where its keyword was said aloud in the recording.';
  return null;
}

/** The spoken words of the commands dismissed with 'cut', as content milliseconds: from the trigger to the end mark. */
export function dismissedInternCuts(contexts: readonly TInternContext[], items: Record<string, InternReviewItem>): TTimeRangeMs[] {
  return contexts.flatMap((c) => {
    const item = items[c.command_id];
    return item?.dismissed === 'cut' ? [{ start_ms: Math.round(c.start_s * 1000), end_ms: Math.round(item.end_s * 1000) }] : [];
  });
}

/**
 * POST /api/intern/execute for one card: the text AI's answer (the first ask, or Regenerate), or,
 * when the creator has edited the answer away from what was voiced, their own words voiced as
 * written (override_text).
 */
export function internExecuteRequest(
  uploadId: string,
  context: Pick<TInternContext, 'command_id' | 'start_s'>,
  item: InternReviewItem,
  voiceId: string | null,
  regenerate: boolean,
): TInternExecuteRequest {
  const text = item.response_text.trim();
  const edited = !regenerate && text !== '' && text !== item.voiced_text;
  return {
    filename: uploadId,
    command_id: context.command_id,
    start_s: context.start_s,
    end_s: item.end_s,
    voice_id: voiceId,
    override_text: edited ? text : null,
    regenerate,
  };
}

/** Accepted answers as assemble takes them: the voiced clip (or the text to voice) at the end mark. */
export function internAnswers(contexts: readonly TInternContext[], items: Record<string, InternReviewItem>): TInternAnswer[] {
  return contexts.flatMap((c) => {
    const item = items[c.command_id];
    if (!item || internDismissed(item) || !internReady(item)) return [];
    const text = item.response_text.trim();
    const clip = item.media_id && item.voiced_text === text ? { media_id: item.media_id } : {};
    return [{ intern_index: c.intern_index, text, ...clip, at_s: item.end_s }];
  });
}

/* ---------------------------------------------------------------- assemble */

/** The upload as the spec's payloads name it (main_content_filename): its stored filename, else (a build saved before it was kept) its id. */
export function uploadFilename(upload: Pick<CreatorUpload, 'id' | 'stored_filename'>): string {
  return upload.stored_filename || upload.id;
}

/** The voices changed on step 3, for the tts segments only. */
function voicesFor(segments: readonly TSegment[], voices: Record<string, { voice_id: string }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const segment of segments) {
    const voice = voices[segment.id];
    if (segment.source.source_type === 'tts' && voice) out[segment.id] = voice.voice_id;
  }
  return out;
}

/**
 * POST /api/episodes/assemble from the build and step 5's details (spec 000 §7's payload: the
 * upload's stored filename, output_filename from the title): the reviewed retakes as
 * flubber_cuts_ms (flubber_indices empty so the detected ones are not cut a second time), the
 * accepted Intern answers (a dismissed command's words cut as a manual cut when asked), every tts script and any voice changed for this episode, and the cover's crop.
 */
export function assembleRequest(
  build: {
    upload: CreatorUpload;
    answers: IntentAnswers;
    flubberCuts: Record<number, FlubberCut>;
    internContexts: readonly TInternContext[] | null;
    intern: Record<string, InternReviewItem>;
    ttsValues: Record<string, string>;
    voices: Record<string, { voice_id: string }>;
    coverCrop: string | null;
    /** Unmarked repeats and fillers as reviewed (issue 33); null when not reviewed. */
    retakeExtras?: RetakeExtras | null;
  },
  template: { id: string; segments: readonly TSegment[] },
  details: { episode_details: z.input<typeof ZEpisodeDetails>; publish: z.input<typeof ZAssemblyPublish> },
): TAssembleEpisodeRequestInput {
  const intern = build.answers.intern === 'yes' ? internAnswers(build.internContexts ?? [], build.intern) : [];
  const dismissedCuts = build.answers.intern === 'yes' ? dismissedInternCuts(build.internContexts ?? [], build.intern) : [];
  const extras = extrasRequest(build.answers.flubber === 'yes' ? (build.retakeExtras ?? null) : null);
  const manualCuts = [...dismissedCuts, ...(extras.fillerCutsMs ?? [])];
  return {
    template_id: template.id,
    main_content_filename: uploadFilename(build.upload),
    output_filename: episodeOutputFilename(details.episode_details.title),
    tts_values: ttsValuesFor(template.segments, build.ttsValues),
    tts_voices: voicesFor(template.segments, build.voices),
    episode_details: { ...details.episode_details, cover_crop: details.episode_details.cover_image_path ? build.coverCrop : null },
    flubber_cuts_ms: build.answers.flubber === 'yes' ? sortedMs([...flubberCutsMs(build.flubberCuts), ...extras.suggestionCutsMs]) : [],
    flubber_indices: [],
    intents: { flubber: build.answers.flubber, intern: build.answers.intern, sfx: build.answers.sfx },
    intern_answers: intern,
    ...(manualCuts.length > 0 ? { manual_cuts: sortedMs(manualCuts) } : {}),
    // The fillers were listed and chosen one by one: the checked ones are in manual_cuts.
    ...(extras.fillerCutsMs === null ? {} : { cleanup: { removeFillers: false } }),
    publish: details.publish,
  };
}
