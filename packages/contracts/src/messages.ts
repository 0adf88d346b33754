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
  confirmEmailFirst: 'Please confirm your email address before signing in. We sent you a 6-digit code.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  missingVerificationToken: 'Missing verification token. Please open the link from your email.',
  verifyFailedOrExpired: 'Verification failed or expired.',
  verifyNetwork: 'Verification request failed. Check your connection and try again.',
  verifySuccess: 'Your email has been confirmed. You can continue onboarding.',
  termsAcceptFailed: 'Unable to record acceptance. Please try again.',
  waitlistFailedTitle: "Couldn't save your request",
  waitlistFailedBody: 'Please try again later.',
  networkErrorTitle: 'Network error',
  networkErrorBody: 'Check your connection and try again.',
  waitlistSuccessTitle: 'Request received',
  waitlistSuccessBody: "We'll notify you as soon as a spot opens.",
  maintenanceDefault: 'We are performing scheduled maintenance and will be back soon.',
  maintenanceTitle: "We'll be right back",
  adminAccessDenied: 'Admin access denied',
  adminFallback: 'Falling back to dashboard.',
  notAuthorized: 'Not authorized.',
  notAuthenticated: 'Not authenticated',
  accountInactive: 'Your account is not active yet.',
  notFound: 'Not found',
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

/** AI title, description and tags wording (spec 000 section 8), word for word. */
export const AI_TEXT_MESSAGES = {
  transcriptNotReady: 'Transcript not ready yet — still processing',
  tooManyRequests: 'Too many requests — please slow down and try again.',
  aiSuggestFailed: 'AI Suggest Failed',
} as const;

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
