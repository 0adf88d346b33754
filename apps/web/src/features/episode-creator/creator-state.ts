import { EPISODE_CREATOR, type TFlubberContext, type TIntentAnswer, type TInternContext } from '@ppp/contracts';
import type { FlubberCut } from './creator-rules.ts';
import type { DetailsDraft } from './details/details-rules.ts';
import { carriedFlubberCuts, carriedInternItems, carryReviews, type CarriedReviews } from './review-carry.ts';
import { retakeExtrasReducer, type RetakeExtras, type RetakeExtrasAction } from './retake-extras.ts';

/**
 * The Episode Creator's build as pure data (spec 000 sections 2 and 4): the step, the template, the
 * mode and the chosen upload, the intent answers, the Flubber and Intern reviews, the scripts, the
 * cover and details from steps 4 and 5, and the assembly job. Kept in sessionStorage so a reload
 * resumes the build (a File being uploaded cannot be kept: the upload starts again).
 */

export type CreatorMode = 'standard' | 'preuploaded';
export type IntentKey = 'flubber' | 'intern' | 'sfx';
export type IntentAnswers = Record<IntentKey, TIntentAnswer>;
export type IntentCounts = Record<IntentKey, number>;

/** The main content of the episode: a finished upload (spec 000 §3 'Preuploaded item'). */
export interface CreatorUpload {
  id: string;
  /** The name shown (friendly or original name). */
  filename: string;
  /** The name the server stored it under, sent as main_content_filename; absent in builds saved before it. */
  stored_filename?: string;
  duration_seconds: number | null;
  transcript_ready: boolean;
  /** Detected cues, null until detection is ready. */
  intents: IntentCounts | null;
}

/** Step 4's choice (C's CoverArtStep value). */
export interface CoverChoiceState {
  cover_image_path: string;
  cover_crop: string | null;
  preview_url: string;
}

/** One Intern command as reviewed: the end mark, the answer and its voiced clip. */
export interface InternReviewItem {
  end_s: number;
  response_text: string;
  audio_url: string | null;
  media_id: string | null;
  regenerate_count: number;
  /** The text the clip was voiced from: an edited answer is voiced again before assembly. */
  voiced_text: string | null;
  error: string | null;
  /** True when the answer is sentences quoted from the episode (no text AI that answers questions). */
  quoted?: boolean;
  /** A false detection: no answer; the spoken words are kept or cut, as the creator chose. */
  dismissed?: 'keep' | 'cut' | null;
}

/** The sub-flows between step 2 and step 3. */
export type CreatorReview = 'intents' | 'flubber' | 'intern' | null;

export interface CreatorState {
  version: 1;
  /** False while the start chooser ('How do you want to start?') is showing. */
  started: boolean;
  step: number;
  mode: CreatorMode;
  template: { id: string; name: string } | null;
  upload: CreatorUpload | null;
  /** 0-100 while a file is being sent, else null. */
  uploadPercent: number | null;
  answers: IntentAnswers;
  /** Set when Continue on step 2 found unanswered questions ('We need your answer about {labels}.'). */
  intentsPrompted: boolean;
  review: CreatorReview;
  fuzzyThreshold: number;
  flubberContexts: TFlubberContext[] | null;
  flubberCuts: Record<number, FlubberCut>;
  flubberDone: boolean;
  internContexts: TInternContext[] | null;
  intern: Record<string, InternReviewItem>;
  internDone: boolean;
  /** The reviews as they were when the transcript was corrected (issue 32), carried over when they load again. */
  carried: CarriedReviews | null;
  ttsValues: Record<string, string>;
  voices: Record<string, { voice_id: string; name: string }>;
  cover: CoverChoiceState | null;
  details: DetailsDraft | null;
  job: { jobId: string; episodeId: string } | null;
  /** Repeats with no marker and fillers in the retake review (issue 33), for the upload named in it. */
  retakeExtras?: RetakeExtras | null;
}

export const UNANSWERED: IntentAnswers = { flubber: 'unknown', intern: 'unknown', sfx: 'unknown' };

type ReviewFields =
  | 'answers'
  | 'intentsPrompted'
  | 'review'
  | 'flubberContexts'
  | 'flubberCuts'
  | 'flubberDone'
  | 'internContexts'
  | 'intern'
  | 'internDone'
  | 'carried';

/** The intent answers and the Flubber and Intern reviews of an upload not yet looked at. */
function freshReviews(): Pick<CreatorState, ReviewFields> {
  return {
    answers: { ...UNANSWERED },
    intentsPrompted: false,
    review: null,
    flubberContexts: null,
    flubberCuts: {},
    flubberDone: false,
    internContexts: null,
    intern: {},
    internDone: false,
    carried: null,
  };
}

export function initialCreatorState(): CreatorState {
  return {
    version: 1,
    started: false,
    step: 1,
    mode: 'preuploaded',
    template: null,
    upload: null,
    uploadPercent: null,
    ...freshReviews(),
    fuzzyThreshold: EPISODE_CREATOR.fuzzyDefault,
    ttsValues: {},
    voices: {},
    cover: null,
    details: null,
    job: null,
  };
}

export type CreatorAction =
  | RetakeExtrasAction
  | { type: 'start'; mode: CreatorMode }
  | { type: 'openUpload'; upload: CreatorUpload }
  | { type: 'chooseTemplate'; template: { id: string; name: string } }
  | { type: 'setMode'; mode: CreatorMode }
  | { type: 'setUpload'; upload: CreatorUpload | null }
  | { type: 'refreshUpload'; upload: CreatorUpload }
  /** The upload was re-scanned (issue 18): its retakes and Intern commands are read again; the answers stay. */
  | { type: 'rescanned'; uploadId: string }
  /** The creator corrected the transcript in a review (issue 32): retakes and commands are read again, choices carried over. */
  | { type: 'transcriptCorrected' }
  | { type: 'openPendingReview' }
  | { type: 'uploadProgress'; percent: number | null }
  | { type: 'continueFromUpload'; visible: readonly IntentKey[] }
  | { type: 'openIntents' }
  | { type: 'answerIntents'; answers: IntentAnswers }
  | { type: 'closeReview' }
  | { type: 'setFuzzy'; value: number }
  | { type: 'flubberLoaded'; contexts: TFlubberContext[] }
  | { type: 'toggleCut'; index: number; cut: boolean }
  | { type: 'setCutRange'; index: number; start_s: number; end_s: number }
  | { type: 'flubberFinished'; keepCuts: boolean }
  | { type: 'internLoaded'; contexts: TInternContext[] }
  | { type: 'internUpdate'; commandId: string; patch: Partial<InternReviewItem> }
  | { type: 'internFinished' }
  | { type: 'setScript'; segmentId: string; text: string }
  | { type: 'setVoice'; segmentId: string; voice: { voice_id: string; name: string } }
  | { type: 'setCover'; cover: CoverChoiceState | null }
  | { type: 'setDetails'; details: DetailsDraft }
  | { type: 'assembling'; jobId: string; episodeId: string }
  | { type: 'goTo'; step: number }
  | { type: 'startOver' }
  | { type: 'cancel' };

/** The review to open next after the intents: Flubber, then Intern, each once per upload. */
export function nextReview(state: Pick<CreatorState, 'answers' | 'flubberDone' | 'internDone'>): CreatorReview {
  if (state.answers.flubber === 'yes' && !state.flubberDone) return 'flubber';
  if (state.answers.intern === 'yes' && !state.internDone) return 'intern';
  return null;
}

/**
 * Moves on from the intents and reviews: the next review once the upload is transcribed; otherwise on
 * to step 3 (or the step the creator is on), the reviews left to open when the transcript is in
 * (issue 18: only step 5 waits for it).
 */
function afterReviews(state: CreatorState): CreatorState {
  const review = nextReview(state);
  if (review && state.upload?.transcript_ready) return { ...state, review };
  return { ...state, review: null, step: Math.max(state.step, 3) };
}

/** A review still to do opens once the transcript is in; none while it is being made. */
function pendingReview(state: CreatorState): CreatorReview {
  return state.upload?.transcript_ready ? nextReview(state) : null;
}

/** A new upload starts its answers and reviews afresh. */
function withUpload(state: CreatorState, upload: CreatorUpload | null): CreatorState {
  const same = state.upload?.id === upload?.id;
  if (same) return { ...state, upload };
  return {
    ...state,
    upload,
    ...freshReviews(),
  };
}

/** The retake review's actions (null for any other). */
function flubberReducer(state: CreatorState, action: CreatorAction): CreatorState | null {
  switch (action.type) {
    case 'setFuzzy':
      return { ...state, fuzzyThreshold: action.value };
    case 'flubberLoaded':
      return {
        ...state,
        flubberContexts: action.contexts,
        flubberCuts: carriedFlubberCuts(state.carried?.flubber ?? null, action.contexts),
        carried: state.carried && { ...state.carried, flubber: null },
      };
    case 'toggleCut': {
      const current = state.flubberCuts[action.index];
      return current ? { ...state, flubberCuts: { ...state.flubberCuts, [action.index]: { ...current, cut: action.cut } } } : state;
    }
    case 'setCutRange': {
      const current = state.flubberCuts[action.index];
      return current
        ? { ...state, flubberCuts: { ...state.flubberCuts, [action.index]: { ...current, start_s: action.start_s, end_s: action.end_s } } }
        : state;
    }
    case 'flubberFinished': {
      const cuts = action.keepCuts
        ? state.flubberCuts
        : Object.fromEntries(Object.entries(state.flubberCuts).map(([k, v]) => [k, { ...v, cut: false }]));
      return afterReviews({ ...state, flubberCuts: cuts, flubberDone: true });
    }
    default:
      return null;
  }
}

/** A command just found: its default end, no answer yet. */
export function freshInternItem(context: TInternContext): InternReviewItem {
  return {
    end_s: context.default_end_s,
    response_text: '',
    audio_url: null,
    media_id: null,
    regenerate_count: 0,
    voiced_text: null,
    error: null,
  };
}

/** The Intern review's actions (null for any other). */
function internReducer(state: CreatorState, action: CreatorAction): CreatorState | null {
  switch (action.type) {
    case 'internLoaded':
      return {
        ...state,
        internContexts: action.contexts,
        intern: carriedInternItems(state.carried?.intern ?? null, action.contexts, freshInternItem),
        carried: state.carried && { ...state.carried, intern: null },
      };
    case 'internUpdate': {
      const current = state.intern[action.commandId];
      return current ? { ...state, intern: { ...state.intern, [action.commandId]: { ...current, ...action.patch } } } : state;
    }
    case 'internFinished':
      return afterReviews({ ...state, internDone: true });
    default:
      return null;
  }
}

/** Starting a build and its audio: the mode, the template, the upload and its progress (null for any other action). */
function startReducer(state: CreatorState, action: CreatorAction): CreatorState | null {
  switch (action.type) {
    case 'start':
      return { ...state, started: true, mode: action.mode };
    case 'openUpload':
      // The recorder's 'Create episode' and 'Use in new episode' start a new build, whatever this tab held.
      return { ...initialCreatorState(), upload: action.upload, started: true, mode: 'preuploaded' };
    case 'chooseTemplate':
      return { ...state, template: action.template, step: 2, started: true };
    case 'setMode':
      return { ...state, mode: action.mode };
    case 'setUpload':
      return withUpload(state, action.upload);
    case 'refreshUpload': {
      if (state.upload?.id !== action.upload.id) return state;
      const next = { ...state, upload: action.upload };
      // The transcript came in while the creator went on: a review it was waiting for opens (steps 3 to 5).
      const arrived = action.upload.transcript_ready && !state.upload.transcript_ready;
      return arrived && next.step >= 3 && next.step <= 5 && next.review === null ? { ...next, review: pendingReview(next) } : next;
    }
    case 'rescanned':
      return state.upload?.id === action.uploadId ? { ...state, ...freshReviews(), answers: state.answers } : state;
    case 'transcriptCorrected':
      // Both reviews are proposed again from the corrected words; the open one stays open.
      return { ...state, carried: carryReviews(state), flubberContexts: null, internContexts: null, flubberDone: false, internDone: false };
    case 'uploadProgress':
      return { ...state, uploadPercent: action.percent };
    default:
      return null;
  }
}

/** The intents questions and which review is open (null for any other action). */
function intentsReducer(state: CreatorState, action: CreatorAction): CreatorState | null {
  switch (action.type) {
    case 'openPendingReview':
      return { ...state, review: pendingReview(state) };
    case 'continueFromUpload': {
      const pending = action.visible.some((key) => state.answers[key] === 'unknown');
      if (pending) return { ...state, review: 'intents', intentsPrompted: true };
      return afterReviews(state);
    }
    case 'openIntents':
      return { ...state, review: 'intents', intentsPrompted: false };
    case 'answerIntents':
      return afterReviews({ ...state, answers: action.answers, intentsPrompted: false });
    case 'closeReview':
      return { ...state, review: null };
    default:
      return null;
  }
}

/** Steps 3 to 6: scripts, voices, cover, details, the assembly, moving between steps, starting over and cancelling. */
function stepReducer(state: CreatorState, action: CreatorAction): CreatorState {
  switch (action.type) {
    case 'setScript':
      return { ...state, ttsValues: { ...state.ttsValues, [action.segmentId]: action.text } };
    case 'setVoice':
      return { ...state, voices: { ...state.voices, [action.segmentId]: action.voice } };
    case 'setCover':
      return { ...state, cover: action.cover };
    case 'setDetails':
      return { ...state, details: action.details };
    case 'assembling':
      return { ...state, job: { jobId: action.jobId, episodeId: action.episodeId }, step: 6 };
    case 'goTo':
      return { ...state, step: action.step, review: null };
    case 'startOver':
      return startOver(state);
    case 'cancel':
      return initialCreatorState();
    default:
      return state;
  }
}

export function creatorReducer(state: CreatorState, action: CreatorAction): CreatorState {
  return (
    retakeExtrasReducer(state, action) ??
    flubberReducer(state, action) ??
    internReducer(state, action) ??
    startReducer(state, action) ??
    intentsReducer(state, action) ??
    stepReducer(state, action)
  );
}

/** 'Start over' after a failed build: a new build with the same template and audio, from step 2. */
function startOver(state: CreatorState): CreatorState {
  const fresh = initialCreatorState();
  return { ...fresh, started: true, mode: state.mode, template: state.template, upload: state.upload, step: state.template ? 2 : 1 };
}

/**
 * 'Cancel Build' is reachable whenever a build is under way (issue 19: a creator is never stuck),
 * the assembly step included; the start chooser has nothing to cancel.
 */
export function canCancelBuild(state: Pick<CreatorState, 'step' | 'template' | 'started'>): boolean {
  return state.started || state.template !== null;
}

export function isKnownStep(step: number): boolean {
  return Number.isInteger(step) && step >= 1 && step <= EPISODE_CREATOR.stepCount;
}

/* ---------------------------------------------------------------- saving for a reload */

export const CREATOR_STORAGE_KEY = 'ppp.episodeCreator.build';

/** What is saved: the whole build, minus the upload progress (the File is not kept). */
export function serializeCreator(state: CreatorState): string {
  return JSON.stringify({ ...state, uploadPercent: null });
}

/** A saved build, or null when there is none or it is unreadable or from another version. */
export function parseSavedCreator(text: string | null): CreatorState | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<CreatorState> | null;
    if (!value || value.version !== 1 || typeof value.step !== 'number') return null;
    return { ...initialCreatorState(), ...value, uploadPercent: null };
  } catch {
    return null;
  }
}
