import { BYTES_PER_MB, RECORDER, RECORDER_MESSAGES, recordingTooLongMessage } from '@ppp/contracts';

/**
 * The Recorder's states (spec 002 §4): idle, the 5 s microphone check, the 3 s countdown, recording,
 * paused, the resuming countdown, stopped with preview, uploading, saved and queued, transcript ready.
 * Times are passed in (ms), so every rule is testable without a clock or a microphone.
 */
export type RecorderState =
  | { kind: 'idle'; error: string | null; micChecked: boolean }
  | { kind: 'micCheck'; endsAt: number }
  | { kind: 'countdown'; endsAt: number }
  | { kind: 'recording'; since: number; elapsedMs: number }
  | { kind: 'paused'; elapsedMs: number }
  | { kind: 'resuming'; endsAt: number; elapsedMs: number }
  | { kind: 'confirmShort'; elapsedMs: number }
  | { kind: 'stopped'; elapsedMs: number; sizeBytes: number }
  | { kind: 'uploading'; elapsedMs: number; sizeBytes: number }
  | { kind: 'saved'; mediaId: string; ready: boolean };

export type RecorderEvent =
  | { type: 'checkMic'; now: number }
  | { type: 'start'; now: number }
  | { type: 'tick'; now: number }
  | { type: 'pause'; now: number }
  | { type: 'resume'; now: number }
  | { type: 'stop'; now: number }
  | { type: 'keepRecording' }
  | { type: 'finished'; sizeBytes: number }
  | { type: 'discard' }
  | { type: 'upload' }
  | { type: 'uploadFailed' }
  | { type: 'uploaded'; mediaId: string }
  | { type: 'transcriptReady' }
  | { type: 'fail'; message: string }
  | { type: 'reset' };

export const INITIAL_RECORDER: RecorderState = { kind: 'idle', error: null, micChecked: false };

/** Milliseconds of audio so far (pauses and countdowns do not count). */
export function elapsedMs(state: RecorderState, now: number): number {
  switch (state.kind) {
    case 'recording':
      return state.elapsedMs + Math.max(0, now - state.since);
    case 'paused':
    case 'resuming':
    case 'confirmShort':
    case 'stopped':
    case 'uploading':
      return state.elapsedMs;
    default:
      return 0;
  }
}

/** Whole seconds left on a check or countdown, for its big number. */
export function secondsLeft(state: RecorderState, now: number): number {
  if (state.kind !== 'micCheck' && state.kind !== 'countdown' && state.kind !== 'resuming') return 0;
  return Math.max(0, Math.ceil((state.endsAt - now) / 1000));
}

/** Whether the microphone's recorder should be running (the hook follows this). */
export function isCapturing(state: RecorderState): boolean {
  return state.kind === 'recording';
}

function tick(state: RecorderState, now: number): RecorderState {
  if (state.kind === 'micCheck' && now >= state.endsAt) return { kind: 'idle', error: null, micChecked: true };
  if (state.kind === 'countdown' && now >= state.endsAt) return { kind: 'recording', since: now, elapsedMs: 0 };
  if (state.kind === 'resuming' && now >= state.endsAt) return { kind: 'recording', since: now, elapsedMs: state.elapsedMs };
  return state;
}

/** Stop: under the 30 s minimum it pauses and asks; otherwise it waits for the recorder's last data. */
function stop(state: RecorderState, now: number): RecorderState {
  if (state.kind !== 'recording' && state.kind !== 'paused') return state;
  const ms = elapsedMs(state, now);
  if (ms < RECORDER.minRecordingMs) return { kind: 'confirmShort', elapsedMs: ms };
  return { kind: 'stopped', elapsedMs: ms, sizeBytes: -1 };
}

export function recorderReducer(state: RecorderState, event: RecorderEvent): RecorderState {
  switch (event.type) {
    case 'checkMic':
      return state.kind === 'idle' ? { kind: 'micCheck', endsAt: event.now + RECORDER.micCheckMs } : state;
    case 'start':
      return state.kind === 'idle' || state.kind === 'micCheck' ? { kind: 'countdown', endsAt: event.now + RECORDER.countdownMs } : state;
    case 'tick':
      return tick(state, event.now);
    case 'pause':
      return state.kind === 'recording' ? { kind: 'paused', elapsedMs: elapsedMs(state, event.now) } : state;
    case 'resume':
      return state.kind === 'paused' ? { kind: 'resuming', endsAt: event.now + RECORDER.countdownMs, elapsedMs: state.elapsedMs } : state;
    case 'stop':
      return stop(state, event.now);
    case 'keepRecording':
      return state.kind === 'confirmShort' ? { kind: 'paused', elapsedMs: state.elapsedMs } : state;
    case 'finished':
      return state.kind === 'stopped' ? { ...state, sizeBytes: event.sizeBytes } : state;
    case 'discard':
      return state.kind === 'confirmShort' || state.kind === 'stopped' ? INITIAL_RECORDER : state;
    case 'upload':
      return state.kind === 'stopped' && state.sizeBytes >= 0
        ? { kind: 'uploading', elapsedMs: state.elapsedMs, sizeBytes: state.sizeBytes }
        : state;
    case 'uploadFailed':
      return state.kind === 'uploading' ? { kind: 'stopped', elapsedMs: state.elapsedMs, sizeBytes: state.sizeBytes } : state;
    case 'uploaded':
      return state.kind === 'uploading' ? { kind: 'saved', mediaId: event.mediaId, ready: false } : state;
    case 'transcriptReady':
      return state.kind === 'saved' ? { ...state, ready: true } : state;
    case 'fail':
      return { kind: 'idle', error: event.message, micChecked: false };
    case 'reset':
      return state.kind === 'saved' ? INITIAL_RECORDER : state;
  }
}

/** Why Save is refused, in the spec's words, or null: the upload limit first, then the name. */
export function saveProblem(sizeBytes: number, friendlyName: string, maxUploadMb: number): string | null {
  if (sizeBytes > maxUploadMb * BYTES_PER_MB) return recordingTooLongMessage(maxUploadMb);
  if (!friendlyName.trim()) return RECORDER_MESSAGES.nameRequired;
  return null;
}

/**
 * 'Data chunks less than 50 ms apart are skipped.' The closing chunk (from stop) is always kept, as
 * dropping it would cut the end of the file.
 */
export function acceptChunk(previousAt: number | null, now: number, closing: boolean): boolean {
  if (closing || previousAt === null) return true;
  return now - previousAt >= RECORDER.chunkSkipMs;
}

/** The message for a getUserMedia or MediaRecorder failure (spec 002 §8 'Microphone'). */
export function microphoneErrorMessage(error: unknown): string {
  const name =
    error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error)
      ? String((error as { name: unknown }).name)
      : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return RECORDER_MESSAGES.micBlocked;
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return RECORDER_MESSAGES.noMicrophone;
  if (name === 'NotSupportedError') return RECORDER_MESSAGES.notSupported;
  return RECORDER_MESSAGES.micFailed;
}

/** The first format the browser can record, or '' for its default (then the blob says what it is). */
export function pickMimeType(isSupported: (type: string) => boolean): string {
  return RECORDER.mimeTypes.find((type) => isSupported(type)) ?? '';
}

/** A file name for the upload: recording-YYYY-MM-DD-HHMM with the format's extension. */
export function recordingFilename(mimeType: string, at: Date): string {
  const ext = mimeType.includes('ogg') ? 'ogg' : mimeType.includes('mp4') ? 'm4a' : 'webm';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `recording-${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}.${ext}`;
}

/** m:ss for the timer. */
export function formatClock(ms: number): string {
  const total = Math.floor(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
