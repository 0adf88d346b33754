import {
  IMPORT_STEPS,
  NEW_SHOW_STEPS,
  ONBOARDING,
  ONBOARDING_MESSAGES,
  ONBOARDING_STEP_IDS,
  PODCAST_LIMITS,
  PODCAST_MESSAGES,
  RECURRING_SCHEDULE,
  type TPodcastLanguage,
  ZCreatePodcastRequest,
  type TCadenceUnit,
  type TOnboardingStep,
} from '@ppp/contracts';
import { validateCadence, validateSchedule } from './cadence.ts';
import { languageOfBrowser } from '../podcast-manager/show-form.ts';

/**
 * The onboarding wizard as pure data (spec 002 section 2.9): its state, the step order of each path,
 * advancing by index (capped at the last step), where Next shows, the automatic advances, what each
 * step requires, and how a saved wizard is resumed.
 */

export type TWizardPath = 'new' | 'import';
export type TShowFormat = 'solo' | 'interview' | 'cohosted' | 'storytelling';
export type TSegmentKind = 'intro' | 'outro';

/** How one of intro and outro is made: an AI voice reading a script, or a file the user uploads. */
export interface SegmentDraft {
  mode: 'tts' | 'upload';
  script: string;
  voiceId: string | null;
  voiceName: string | null;
}

/** A clip in the user's media library made for the wizard (spec: 'id or media_id, display_name'). */
export interface MediaRef {
  id: string;
  display_name: string;
  filename: string;
  /** How it was made: the review's Discard deletes a generated clip. */
  source: 'tts' | 'upload';
}

export interface WizardState {
  version: 1;
  /** The account the saved wizard belongs to: another account on this browser starts afresh. */
  userId: string;
  path: TWizardPath;
  step: TOnboardingStep;
  firstName: string;
  lastName: string;
  podcastName: string;
  podcastDescription: string;
  /** What the feed check asks of every show: its language, author and primary category ('Arts > Books'). */
  showLanguage: TPodcastLanguage;
  showAuthor: string;
  /** The feed's itunes:owner address (directories write to it): the account's email until the creator changes it. */
  showOwnerEmail: string;
  showCategory: string | null;
  format: TShowFormat;
  /** The uploaded (or imported) cover: its public path. */
  coverArt: { filename: string; path: string } | null;
  intro: SegmentDraft;
  outro: SegmentDraft;
  introMedia: MediaRef | null;
  outroMedia: MediaRef | null;
  /** A library asset id, or 'none'. */
  musicId: string;
  host: 'spreaker' | 'builtin' | null;
  hostConnected: boolean;
  cadence: { count: number; unit: TCadenceUnit | null };
  /** 0 = Monday ... 6 = Sunday. */
  weekdays: number[];
  /** yyyy-mm-dd */
  dates: string[];
  notSure: boolean;
  /** The time episodes publish at ('HH:MM') and the IANA zone it is in: UTC until the creator picks theirs (spec 000 §9). */
  publishTime: string;
  publishZone: string;
  rssUrl: string;
  /** The show the import path created: finishing then adds the template to it instead of a new show. */
  importedPodcastId: string | null;
  /** What finishing has made so far, so a retry after a failure does not make it twice. */
  createdPodcastId: string | null;
  createdTemplateId: string | null;
}

export function initialState(userId: string, firstName = '', lastName = '', email = ''): WizardState {
  const segment = (): SegmentDraft => ({ mode: 'tts', script: '', voiceId: null, voiceName: null });
  return {
    version: 1,
    userId,
    path: 'new',
    step: 'yourName',
    firstName,
    lastName,
    podcastName: '',
    podcastDescription: '',
    showLanguage: languageOfBrowser(globalThis.navigator?.language),
    showAuthor: '',
    showOwnerEmail: email,
    showCategory: null,
    format: 'solo',
    coverArt: null,
    intro: segment(),
    outro: segment(),
    introMedia: null,
    outroMedia: null,
    musicId: ONBOARDING.noMusic,
    host: null,
    hostConnected: false,
    cadence: { count: 1, unit: null },
    weekdays: [],
    dates: [],
    notSure: false,
    publishTime: RECURRING_SCHEDULE.defaultTimeOfDay,
    publishZone: RECURRING_SCHEDULE.defaultTimezone,
    rssUrl: '',
    importedPodcastId: null,
    createdPodcastId: null,
    createdTemplateId: null,
  };
}

export function stepsFor(path: TWizardPath): readonly TOnboardingStep[] {
  return path === 'import' ? IMPORT_STEPS : NEW_SHOW_STEPS;
}

/** The index of the step in its path; a step outside the path (skipNotice, publishDay) counts as the first. */
export function stepIndex(path: TWizardPath, step: TOnboardingStep): number {
  return Math.max(0, stepsFor(path).indexOf(step));
}

/** 'The wizard advances by index, capped at the last step.' */
export function nextStep(path: TWizardPath, step: TOnboardingStep): TOnboardingStep {
  const steps = stepsFor(path);
  return steps[Math.min(stepIndex(path, step) + 1, steps.length - 1)] ?? step;
}

/** The step Back returns to; an imported show does not go back past where the import left it. */
export function previousStep(state: Pick<WizardState, 'path' | 'step' | 'importedPodcastId'>): TOnboardingStep | null {
  if (state.step === 'skipNotice') return 'rss';
  const first = state.importedPodcastId && state.path === 'new' ? ONBOARDING.importResumeStep - 1 : 0;
  const index = stepIndex(state.path, state.step);
  return index > first ? (stepsFor(state.path)[index - 1] ?? null) : null;
}

/** 'The Next button is hidden on choosePath and ttsReview.' */
export function nextVisible(step: TOnboardingStep): boolean {
  return step !== 'choosePath' && step !== 'ttsReview';
}

/** The delay after which a step moves on by itself, or null. */
export function autoAdvanceDelay(step: TOnboardingStep): number | null {
  return ONBOARDING.autoAdvanceMs[step] ?? null;
}

/**
 * Where an automatic step goes when its delay is over: skipNotice leaves the import for the new-show
 * path at its first question about the show; the import's own steps move on by index.
 */
export function autoAdvance(state: WizardState): WizardState {
  if (state.step === 'skipNotice') return { ...state, path: 'new', step: 'showDetails' };
  return { ...state, step: nextStep(state.path, state.step) };
}

/** Step numbers as the user reads them: 1 is the first step of the path. */
export function stepNumber(path: TWizardPath, step: TOnboardingStep): number {
  return stepIndex(path, step) + 1;
}

export function stepFromNumber(path: TWizardPath, n: number): TOnboardingStep {
  const steps = stepsFor(path);
  const index = Math.min(Math.max(Math.trunc(n) - 1, 0), steps.length - 1);
  return steps[index] ?? steps[0] ?? 'yourName';
}

/** After importSuccess: the new-show path from step 6, with the imported show's details. */
export function switchToNewShowPath(state: WizardState): WizardState {
  return { ...state, path: 'new', step: stepFromNumber('new', ONBOARDING.importResumeStep) };
}

function segmentProblem(kind: TSegmentKind, draft: SegmentDraft, media: MediaRef | null, fileChosen: boolean): string | null {
  if (media) return null;
  if (draft.mode === 'tts') return draft.script.trim() ? null : ONBOARDING_MESSAGES.scriptRequired(kind);
  return fileChosen ? null : ONBOARDING_MESSAGES.fileRequired(kind);
}

/** What the page holds outside the saved state: the files chosen for an upload (a File is not saved). */
export interface StepContext {
  filesChosen?: Partial<Record<TSegmentKind, boolean>>;
}

/** What keeps Next from moving on (spec 002 section 5), or null. */
export function stepProblem(state: WizardState, context: StepContext = {}): string | null {
  switch (state.step) {
    case 'yourName':
      return state.firstName.trim() ? null : ONBOARDING_MESSAGES.firstNameRequired;
    case 'showDetails':
      if (state.podcastName.trim().length < PODCAST_LIMITS.nameMinLength) return ONBOARDING_MESSAGES.nameMin;
      if (!state.podcastDescription.trim()) return ONBOARDING_MESSAGES.descriptionRequired;
      if (!ZCreatePodcastRequest.shape.owner_email.safeParse(state.showOwnerEmail.trim()).success)
        return ONBOARDING_MESSAGES.ownerEmailInvalid;
      return state.showCategory ? null : PODCAST_MESSAGES.categoryRequired;
    case 'coverArt':
      return state.coverArt ? null : ONBOARDING_MESSAGES.coverRequired;
    case 'introOutro':
      return (
        segmentProblem('intro', state.intro, state.introMedia, context.filesChosen?.intro === true) ??
        segmentProblem('outro', state.outro, state.outroMedia, context.filesChosen?.outro === true)
      );
    case 'spreaker':
      return state.hostConnected ? null : ONBOARDING_MESSAGES.hostRequired;
    case 'publishCadence':
      return validateCadence(state.cadence);
    case 'publishSchedule':
      return validateSchedule(state);
    case 'rss':
      return state.rssUrl.trim() ? null : ONBOARDING_MESSAGES.rssRequired;
    default:
      return null;
  }
}

function isStep(value: unknown): value is TOnboardingStep {
  return typeof value === 'string' && (ONBOARDING_STEP_IDS as readonly string[]).includes(value);
}

export interface ResumeOptions {
  userId: string;
  firstName?: string;
  lastName?: string;
  /** The account's email: the new show's owner email until the creator changes it. */
  email?: string;
  /** The query: reset=1 (or true) starts afresh; step=N opens step N of the new-show path. */
  search: URLSearchParams;
}

/**
 * The wizard to show on arrival: the saved one of this account (a reload resumes at the same step),
 * unless the query resets it; step=N then picks the step.
 */
export function resumeState(saved: unknown, options: ResumeOptions): WizardState {
  const fresh = initialState(options.userId, options.firstName ?? '', options.lastName ?? '', options.email ?? '');
  const reset = ['1', 'true'].includes(options.search.get('reset') ?? '');
  const record = typeof saved === 'object' && saved !== null ? (saved as Partial<WizardState>) : null;
  const usable = !reset && record?.version === 1 && record.userId === options.userId && isStep(record.step);
  let state: WizardState = usable ? { ...fresh, ...record, version: 1, userId: options.userId } : fresh;
  if (state.path !== 'new' && state.path !== 'import') state = { ...state, path: 'new' };
  const stepParam = Number(options.search.get('step'));
  if (options.search.has('step') && Number.isFinite(stepParam) && stepParam >= 1) {
    state = { ...state, path: 'new', step: stepFromNumber('new', stepParam) };
  }
  // An import cannot resume halfway through its automatic steps: the call is not running any more.
  if (state.path === 'import' && ['importing', 'analyze', 'assets', 'importSuccess'].includes(state.step)) {
    state = state.importedPodcastId ? switchToNewShowPath(state) : { ...state, step: 'confirm' };
  }
  return state;
}
