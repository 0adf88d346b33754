import { BYTES_PER_MB, MEDIA, MEDIA_MESSAGES, audioExceedsMessage } from '@ppp/contracts';

export interface PreuploadValues {
  file: File | null;
  friendlyName: string;
  notifyWhenReady: boolean;
  notifyEmail: string;
  transcript: File | null;
}

/** The first problem with the form in the spec's words (spec 001 §5 'Pre-upload'), or null. */
export function preuploadProblem(values: PreuploadValues, maxUploadMb: number): string | null {
  if (!values.file) return MEDIA_MESSAGES.selectAudioFile;
  if (!values.friendlyName.trim()) return MEDIA_MESSAGES.enterFriendlyName;
  if (values.file.size > maxUploadMb * BYTES_PER_MB) return audioExceedsMessage(maxUploadMb);
  return null;
}

/**
 * The problem still shown after edits: one about a missing file or friendly name goes as soon as it
 * is supplied instead of staying until the next submit; the size limit is checked again at submit.
 */
export function problemAfterEdit(shown: string | null, values: PreuploadValues): string | null {
  if (shown !== MEDIA_MESSAGES.selectAudioFile && shown !== MEDIA_MESSAGES.enterFriendlyName) return shown;
  return preuploadProblem(values, Number.POSITIVE_INFINITY) === shown ? shown : null;
}

/** The notification email is used only when the email checkbox is on (spec 001 §5). */
export function notifyFields(values: Pick<PreuploadValues, 'notifyWhenReady' | 'notifyEmail'>): {
  notify_when_ready: boolean;
  notify_email?: string;
} {
  if (!values.notifyWhenReady) return { notify_when_ready: false };
  const email = values.notifyEmail.trim();
  return email ? { notify_when_ready: true, notify_email: email } : { notify_when_ready: true };
}

/** 'Filename display truncation 60 characters (50 with a nickname).' */
export function displayFilename(name: string, hasNickname: boolean): string {
  const limit = hasNickname ? MEDIA.filenameDisplayCharsWithNickname : MEDIA.filenameDisplayChars;
  return name.length <= limit ? name : `${name.slice(0, limit - 1)}…`;
}

/** Seconds as m:ss or h:mm:ss. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '—';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The confirmation a delete asks, by the upload's state (spec 001 §8). */
export function deleteConfirmation(status: 'processing' | 'ready' | 'error'): string {
  return status === 'processing' ? MEDIA_MESSAGES.confirmDeleteProcessing : MEDIA_MESSAGES.confirmDeleteReady;
}
