import { TRPC_BATCH, UNFINISHED_UPLOADS } from './limits.ts';

/** User-facing wording of the specification (spec 002 sections 5 and 8), word for word. */
export const MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  unexpected: 'An unexpected error occurred. Please try again.',
  userExists: 'A user with this email already exists.',
  invalidFormat: 'Invalid email or password format.',
  registrationError: 'Registration error. Please try again.',
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required.',
  invalidCode: 'Invalid or expired code.',
  verificationFailed: 'Verification failed.',
  codeResent: 'New code sent (check spam folder if not visible).',
  unableToUpdateEmail: 'Unable to update email.',
  updateFailed: 'Update failed',
  /** Spec 001 section 8: the profile (name) form's failure. */
  couldNotSaveProfile: 'Could not save profile',
  confirmEmailFirst: 'Please confirm your email address before signing in. We sent you a 6-digit code.',
  batchTooLarge: `Too many calls in one request: send at most ${TRPC_BATCH.maxCalls} at a time.`,
  authNotBatched: 'Sign-in calls cannot be batched: send each one as its own request.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  /** Spec 000 §8's 429 wording, for every per-user request limit (AI text, outbound fetches). */
  tooManyRequests: 'Too many requests — please slow down and try again.',
  missingVerificationToken: 'Missing verification token. Please open the link from your email.',
  verifyFailedOrExpired: 'Verification failed or expired.',
  verifyNetwork: 'Verification request failed. Check your connection and try again.',
  verifySuccess: 'Your email has been confirmed. You can continue onboarding.',
  termsAcceptFailed: 'Unable to record acceptance. Please try again.',
  /** Registration without the Terms box ticked (a 422, like the other refused registrations of spec 002 §8). */
  termsRequired: 'Please accept the Terms of Use to create an account.',
  waitlistFailedTitle: "Couldn't save your request",
  waitlistFailedBody: 'Please try again later.',
  networkErrorTitle: 'Network error',
  networkErrorBody: 'Check your connection and try again.',
  waitlistSuccessTitle: 'Request received',
  waitlistSuccessBody: "We'll notify you as soon as a spot opens.",
  /** The maintenance screen of the root gate (spec 002 §8), when the admin left no message. */
  maintenanceDefault: 'We are performing scheduled maintenance and will be back soon.',
  /** A signed-in creator's calls answered with maintenance (spec 000 §4 and §8: the user fetch), when the admin left no message. */
  maintenanceSession: 'We are performing maintenance and will be back soon.',
  maintenanceTitle: "We'll be right back",
  adminAccessDenied: 'Admin access denied',
  adminFallback: 'Falling back to dashboard.',
  notAuthorized: 'Not authorized.',
  notAuthenticated: 'Not authenticated',
  accountInactive: 'Your account is not active yet.',
  /** Sign-in of an account an administrator disabled (shown as the login dialog's 401 detail). */
  accountDisabled: 'This account has been disabled. Contact support if you think this is a mistake.',
  notFound: 'Not found',
  methodNotAllowed: 'This path does not answer that method.',
  firstNameRequired: 'First name is required',
  somethingWentWrong: 'Something went wrong',
  failedToSaveSettings: 'Failed to save settings',
  // Web app wording (spec 002 sections 2.2, 2.4, 2.16 and 5).
  loading: 'Loading...',
  preparingWorkspace: 'Preparing your workspace...',
  finalizingPurchase: 'Finalizing your purchase...',
  updatedTerms: 'Updated Terms of Use',
  verifying: 'Verifying…',
  emailVerificationTitle: 'Email Verification',
  pageNotFound: '404 — Page not found',
  makeFirstEpisode: 'Make my first episode',
  newEmailMustDiffer: 'The new email must be different from the current one.',
} as const;

/** Media library, pre-upload and notification wording (spec 001 sections 2, 5 and 8; spec 002 section 8). */
export const MEDIA_MESSAGES = {
  /** Issue 38: an upload waiting for its transcription, e.g. '3rd in line · about 2 min'. */
  queueLine: (position: number, waitSeconds: number | null): string => {
    const tens = position % 100;
    const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][position % 10] ?? 'th');
    const place = position === 1 ? 'Next in line' : `${position}${suffix} in line`;
    if (waitSeconds === null) return place;
    const wait = waitSeconds < 60 ? 'under a minute' : `about ${Math.round(waitSeconds / 60)} min`;
    return `${place} · ${wait}`;
  },
  /** Spec 000 section 8's cover wording, shared by the Episode Creator and onboarding. */
  coverUploadFailed: 'Cover upload failed',
  invalidFileType: 'Invalid file type',
  fileTooLarge: 'File too large',
  selectAudioFile: 'Select an audio file to upload.',
  enterFriendlyName: 'Enter a friendly name for this episode before uploading.',
  /** Not in the spec: a name longer than MEDIA.friendlyNameMaxLength. */
  friendlyNameTooLong: 'A friendly name is at most 200 characters.',
  deleteFailed: 'Delete failed',
  unableToDeleteUpload: 'Unable to delete upload.',
  uploadDeleted: 'Upload deleted',
  confirmDeleteReady: 'Deleting a ready upload will not refund processing minutes already used.',
  confirmDeleteProcessing: 'Delete this upload while it is still processing? No processing minutes have been deducted yet.',
  unableToPrepare: 'We were unable to prepare that audio file. Please try again.',
  uploadFailed: 'Upload failed',
  unableToUploadAudio: 'Unable to upload audio.',
  uploadFailedTryAgain: 'Upload failed. Please try again.',
  uploadCancelled: 'Upload cancelled',
  uploadingInBackground: 'Uploading in background',
  uploadReceived: 'Upload received',
  uploadMissingFilename: 'Upload response missing filename',
  uploadNoFileReturned: 'Upload succeeded but no file was returned.',
  previewFailed: 'Preview failed',
  couldNotResolvePreview: 'Could not resolve preview URL',
  previewFailedToPlay: 'Preview failed to play',
  saveErrorTitle: 'Error',
  comingSoon: 'Coming Soon',
  commercialUnavailable: 'The commercial category is Coming Soon and cannot be used yet.',
  transcriptNotReady: 'Transcript not ready yet. Try again soon.',
  startChooserTitle: 'How do you want to start?',
  uploadForProcessingTitle: 'Upload audio for processing',
  emailWhenTranscribed: 'An email arrives when each upload is transcribed.',
  tryAgain: 'Try again',
  mediaNotFound: 'Media not found',
  uploadNotFound: 'Upload not found',
  /** Not in the spec: an image whose header states more pixels than MEDIA_SAFETY allows (refused before decoding). */
  imageTooLarge: 'Images may be at most 6000x6000 pixels (36 megapixels).',
  /** Not in the spec: a NUL or other control character in a file or friendly name. */
  controlCharacters: 'Names cannot contain control characters.',
} as const;

/**
 * Not in the spec (issue 14): shown where uploads are listed when a file decodes to far less (or
 * more) than its header claims, e.g. a transfer cut short. Lengths come formatted (m:ss).
 */
export function lengthMismatchMessage(plays: string, claims: string): string {
  return `Possibly cut short: this file plays ${plays} but its header says ${claims}. Upload the whole file again if audio is missing.`;
}

/** Not in the spec (issue 24): a new upload refused while the user's unfinished ones are at their cap. */
export function unfinishedUploadsCapMessage(kind: 'count' | 'size'): string {
  const { maxPerUser, maxTotalMb, idleHours } = UNFINISHED_UPLOADS;
  const reason =
    kind === 'count'
      ? `You already have ${maxPerUser} unfinished uploads, the most at once.`
      : `Your unfinished uploads would pass ${maxTotalMb} MB in all, the most at once.`;
  return `${reason} Finish or cancel one before starting another; an upload that receives nothing for ${idleHours} hours is removed.`;
}

/** Not in the spec (issue 14): a multipart upload refused while the user's uploads in progress hold their most on the server. */
export function multipartScratchCapMessage(limitMb: number): string {
  return `Your uploads in progress would hold more than ${limitMb} MB on the server at once, the most allowed. Wait for one to finish, then send this one again.`;
}

/** '{file}: only audio files are allowed for {category}.' */
export function onlyAudioAllowedMessage(file: string, category: string): string {
  return `${file}: only audio files are allowed for ${category}.`;
}

/** '{file}: exceeds {n}MB limit for {category}.' */
export function exceedsLimitMessage(file: string, limitMb: number, category: string): string {
  return `${file}: exceeds ${limitMb}MB limit for ${category}.`;
}

/** 'Audio exceeds {N}MB limit.' (main content, the admin's max_upload_mb). */
export function audioExceedsMessage(limitMb: number): string {
  return `Audio exceeds ${limitMb}MB limit.`;
}

/** 'Upload failed with status {n}' when the server sent no text. */
export function uploadFailedStatusMessage(status: number): string {
  return `Upload failed with status ${status}`;
}

/** AI title, description and tags wording (spec 000 section 8), word for word. */
export const AI_TEXT_MESSAGES = {
  transcriptNotReady: 'Transcript not ready yet — still processing',
  tooManyRequests: MESSAGES.tooManyRequests,
  aiSuggestFailed: 'AI Suggest Failed',
} as const;

/** AI wording of the Episode History edit panel (spec 001 section 8), word for word. */
export const AI_EDIT_PANEL_MESSAGES = {
  transcriptNotReady: 'Transcript not ready yet. Try again soon.',
  tooManyRequests: 'Too many AI requests right now. Please wait and retry.',
} as const;

/** 'AI {kind} request failed.' (spec 001 section 8) with the kind filled in. */
export function aiKindRequestFailedMessage(kind: string): string {
  return `AI ${kind} request failed.`;
}

/** 'Request failed (status). Please try again.' with the HTTP status filled in. */
export function aiRequestFailedMessage(status: number): string {
  return `Request failed (${status}). Please try again.`;
}

/** Recurring schedule wording (spec 000 section 8), word for word. */
export const RECURRING_SCHEDULE_MESSAGES = {
  loadFailed: 'Failed to load recurring schedule',
  saveFailed: 'Failed to save recurring schedule',
  updated: 'Recurring schedule updated',
} as const;

/** Template editor and templates list wording (spec 000 sections 4, 5 and 8; spec 002 section 5), word for word where the spec gives it. */
export const TEMPLATE_MESSAGES = {
  showRequired: 'A show is required for this template. Please select one.',
  leaveWithoutSaving: 'Leave the template editor without saving changes?',
  saved: 'Template saved',
  saveFailed: 'Save failed',
  missingShow: 'Missing show',
  missingShowDetail: 'Template is not linked to a show (podcast). Choose a show and save again.',
  commercialComingSoon: 'Coming soon',
  /** Spec 002 §5: the client looks for 'at least one template' in the error. */
  keepOneTemplate: 'You need at least one template. Create another template before deleting this one.',
  keepOneTemplateAlert: 'Create another template first, then delete this one.',
  templateNotFound: 'Template not found',
  moveRejected: 'That move would break the episode order: intros stay before the content, outros after it.',
  staticFileRequired: 'Choose an audio file for this segment.',
  fileMissing: 'This audio file is no longer in your media library.',
  /** Not in the spec's words (spec 001 §8 has none): a saved template naming a file the creator does not have (issue 19). */
  segmentFileNotFound: (name: string) =>
    `The audio file "${name}" is not in your media library. Choose one of your files for this segment.`,
  musicFileNotFound: (name: string) => `The music file "${name}" is not in your media library. Choose one of your music files.`,
  musicUploaded: 'Music uploaded',
} as const;

/** AI voice wording (spec 000 sections 5, 7 and 8), word for word where the spec gives it. */
export const TTS_MESSAGES = {
  chooseVoice: 'Choose a Voice',
  generateTitle: 'Generate with AI voice',
  reconnectTitle: 'Reconnect audio file',
  scriptAndVoiceRequired: 'An AI voice clip needs both a script and a voice.',
  pleaseWait: 'Please wait',
  similarClip: 'You just created a similar clip. Please wait a moment before making another.',
  mayCost: "This AI voice clip may count against your plan's minutes. Continue?",
  aiVoiceFailed: 'AI voice failed',
  noFileReturned: 'TTS succeeded but no file was returned.',
  aiVoiceReady: 'AI voice ready',
  voiceNotFound: 'Voice not found',
  voiceUnavailable: 'That voice is not available. Choose another voice.',
  voiceListUnavailable: 'Voice list unavailable; using a default voice.',
} as const;
