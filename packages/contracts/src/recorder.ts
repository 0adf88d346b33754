/** The in-browser Recorder (spec 002 §2.10, §4, §5, §8, §9). */

export const RECORDER = {
  /** 'Recording minimum 30 s': a shorter recording asks for confirmation on stop and is discarded. */
  minRecordingMs: 30_000,
  /** 'countdown 3 s', before recording and before resuming. */
  countdownMs: 3_000,
  /** 'mic check 5 s'. */
  micCheckMs: 5_000,
  /** 'Data chunks less than 50 ms apart are skipped.' */
  chunkSkipMs: 50,
  /** Not in the spec: how often MediaRecorder hands over data, and how often the timer and meter redraw. */
  timesliceMs: 1_000,
  tickMs: 100,
  /** Preferred formats, best first; the browser's default when none is supported. */
  mimeTypes: ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'],
} as const;

/** 'Recording too long to upload (over {N} MB)' with the public config's upload limit. */
export function recordingTooLongMessage(limitMb: number): string {
  return `Recording too long to upload (over ${limitMb} MB)`;
}

export const RECORDER_MESSAGES = {
  title: 'Record',
  /** §8 names these two; the wording is ours. */
  micBlocked: 'Microphone access is blocked. Allow the microphone for this site in your browser settings, then try again.',
  noMicrophone: 'No microphone was found. Connect a microphone, then try again.',
  notSupported: 'Recording not supported in this browser.',
  /* 'Upload response missing filename' is MEDIA_MESSAGES.uploadMissingFilename, said by the shared tus upload. */
  micFailed: 'The microphone could not be started. Try again.',
  tooShortTitle: 'Discard this recording?',
  tooShortBody: 'Recordings under 30 seconds are too short to save. This recording will be discarded.',
  nameRequired: 'Enter a name for this recording before saving.',
  savedQueued: 'Saved and queued',
  savedQueuedBody: 'Your recording was uploaded and is being transcribed.',
  transcriptReady: 'Transcript ready',
  transcriptReadyBody: 'Your recording is transcribed and ready for an episode.',
  discarded: 'Recording discarded',
  transcriptionFailed: 'Transcription failed',
  transcriptionFailedBody: 'The recording is kept in your uploads; the Upload Audio page shows why.',
} as const;
