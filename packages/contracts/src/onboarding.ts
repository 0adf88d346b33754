/**
 * The onboarding wizard (spec 002 sections 2.2 step 8, 2.9, 5 and 8): its steps, automatic advances,
 * storage keys, cadence units and wording. The spec's messages are word for word; entries marked
 * "not in the spec" are this product's.
 */
import { MEDIA_MESSAGES } from './messages.ts';

/** The new-show path, in order. */
export const NEW_SHOW_STEPS = [
  'yourName',
  'choosePath',
  'showDetails',
  'format',
  'coverArt',
  'introOutro',
  'ttsReview',
  'music',
  'spreaker',
  'publishCadence',
  'publishSchedule',
  'finish',
] as const;

/** The import path: the first two steps are shared, then the import's own, in order. */
export const IMPORT_STEPS = ['yourName', 'choosePath', 'rss', 'confirm', 'importing', 'analyze', 'assets', 'importSuccess'] as const;

/** Every step the wizard knows; publishDay is a legacy step that renders nothing. */
export const ONBOARDING_STEP_IDS = [...NEW_SHOW_STEPS, ...IMPORT_STEPS.slice(2), 'skipNotice', 'publishDay'] as const;
export type TOnboardingStep = (typeof ONBOARDING_STEP_IDS)[number];

export const CADENCE_UNITS = ['day', 'week', 'bi-weekly', 'month', 'year'] as const;
export type TCadenceUnit = (typeof CADENCE_UNITS)[number];

export const ONBOARDING = {
  /** 'The current step is saved after 350 ms.' */
  saveDelayMs: 350,
  /** Automatic advances: 'skipNotice after 0.9 s, importing after 1 s, analyze after 0.8 s, assets after 0.8 s'. */
  autoAdvanceMs: { skipNotice: 900, importing: 1000, analyze: 800, assets: 800 } as Readonly<Partial<Record<TOnboardingStep, number>>>,
  /** 'On importSuccess, after 0.6 s the flow switches to the new-show path, continuing from step 6.' */
  importSwitchMs: 600,
  /** Step 6 counted from 1: introOutro, the first step an imported show still needs. */
  importResumeStep: 6,
  /** 'Voices page size is 12.' */
  voicesPageSize: 12,
  /** Not in the spec: the voice used when the voice list is unavailable (espeak-ng, the embedded engine). */
  defaultVoiceId: 'espeak:en-us',
  /** 'Music preview stops at 20 seconds.' */
  musicPreviewSeconds: 20,
  /** 'chosen music id (none means no music)'. */
  noMusic: 'none',
  /** 'Cover art required (existing or uploaded); types png or jpeg.' */
  coverTypes: ['image/png', 'image/jpeg'],
  storage: {
    /** 'the local flag ppp.onboarding.completed equals 1'. */
    completed: 'ppp.onboarding.completed',
    /**
     * Spec 001 §2: 'the full-page onboarding flag': on ('1') or unset, New show in My Podcasts opens
     * /onboarding?from=manager&reset=1; '0' opens the in-page setup wizard dialog instead.
     */
    fullPage: 'ppp.onboarding.fullPage',
    /** Not in the spec: the saved wizard (step and answers) so a reload resumes. */
    state: 'ppp.onboarding.state',
    /** Not in the spec: the guided tour is shown once. */
    tourSeen: 'ppp.onboarding.tourSeen',
  },
} as const;

export const ONBOARDING_MESSAGES = {
  firstNameRequired: 'First name is required',
  nameMin: 'Name must be at least 4 characters',
  ownerEmailInvalid: 'Enter the email address directories may write to about the show, or leave it empty.',
  frequencyRequired: 'Please choose a frequency.',
  biweeklyCount: 'For bi-weekly, X must be 1.',
  voicesUnavailable: 'Voice list unavailable; using a default voice.',
  popupBlocked: 'Popup blocked. Please allow popups and try again.',
  connectionError: 'Connection error',
  createShowFailed: 'Failed to create the podcast show.',
  templateNotSaved: 'Template not saved',
  rssRequired: 'RSS feed required',
  rssEnterUrl: 'Please enter your feed URL before continuing.',
  importFailed: 'Import failed',
  importFailedFallback: 'Failed to import RSS feed.',
  importComplete: 'Import complete',
  /** Not in the spec: the rules the spec states without wording. */
  descriptionRequired: 'Description is required',
  coverRequired: 'Cover art is required',
  coverType: 'Cover art must be a PNG or JPEG image.',
  /** A cover upload the server or network failed without a detail: spec 000 section 8's cover wording. */
  coverUploadFailed: MEDIA_MESSAGES.coverUploadFailed,
  countMin: 'Enter a number of at least 1.',
  weekdayRequired: 'Choose at least one day.',
  dateRequired: 'Choose at least one date.',
  hostRequired: 'Connect Spreaker or choose the built-in host to continue.',
  scriptRequired: (segment: 'intro' | 'outro') => `${segment}: AI voice script is required`,
  fileRequired: (segment: 'intro' | 'outro') => `${segment}: choose an audio file to upload`,
  scheduleNotSaved: 'Schedule not saved',
} as const;

/** Where My Podcasts' New show sends the creator when the full-page flag is on or unset (spec 001 §2). */
export const ONBOARDING_FROM_MANAGER_PATH = '/onboarding?from=manager&reset=1';
