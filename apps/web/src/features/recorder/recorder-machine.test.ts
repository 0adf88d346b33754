import { describe, expect, it } from 'vitest';
import { BYTES_PER_MB, RECORDER_MESSAGES } from '@ppp/contracts';
import {
  INITIAL_RECORDER,
  acceptChunk,
  elapsedMs,
  formatClock,
  microphoneErrorMessage,
  pickMimeType,
  recorderReducer,
  recordingFilename,
  saveProblem,
  secondsLeft,
  type RecorderEvent,
  type RecorderState,
} from './recorder-machine.ts';

function run(events: RecorderEvent[], from: RecorderState = INITIAL_RECORDER): RecorderState {
  return events.reduce(recorderReducer, from);
}

/** Start at t=0: countdown until 3000 ms, recording from then on. */
const recordingAt3s: RecorderEvent[] = [
  { type: 'start', now: 0 },
  { type: 'tick', now: 3000 },
];

describe('recorder state machine: mic check, countdown and pauses', () => {
  it('checks the microphone for 5 s, then is idle with the check done', () => {
    const checking = run([{ type: 'checkMic', now: 1000 }]);
    expect(checking).toEqual({ kind: 'micCheck', endsAt: 6000 });
    expect(secondsLeft(checking, 1000)).toBe(5);
    expect(run([{ type: 'tick', now: 5999 }], checking).kind).toBe('micCheck');
    expect(run([{ type: 'tick', now: 6000 }], checking)).toEqual({ kind: 'idle', error: null, micChecked: true });
  });

  it('counts down 3 s before recording, and the countdown is not recorded time', () => {
    const counting = run([{ type: 'start', now: 0 }]);
    expect(counting).toEqual({ kind: 'countdown', endsAt: 3000 });
    expect(secondsLeft(counting, 10)).toBe(3);
    expect(secondsLeft(counting, 2001)).toBe(1);
    expect(run([{ type: 'tick', now: 2999 }], counting).kind).toBe('countdown');
    const recording = run(recordingAt3s);
    expect(recording).toEqual({ kind: 'recording', since: 3000, elapsedMs: 0 });
    expect(elapsedMs(recording, 13_000)).toBe(10_000);
  });

  it('pauses, counts down 3 s again on resume, and counts only recorded time', () => {
    const paused = run([...recordingAt3s, { type: 'pause', now: 13_000 }]);
    expect(paused).toEqual({ kind: 'paused', elapsedMs: 10_000 });
    expect(elapsedMs(paused, 99_000)).toBe(10_000);
    const resuming = run([{ type: 'resume', now: 20_000 }], paused);
    expect(resuming).toEqual({ kind: 'resuming', endsAt: 23_000, elapsedMs: 10_000 });
    expect(run([{ type: 'tick', now: 22_000 }], resuming).kind).toBe('resuming');
    const again = run([{ type: 'tick', now: 23_000 }], resuming);
    expect(again).toEqual({ kind: 'recording', since: 23_000, elapsedMs: 10_000 });
    expect(elapsedMs(again, 28_000)).toBe(15_000);
  });

  it('asks before discarding a recording under 30 s; keeping it returns to paused, discarding to idle', () => {
    const short = run([...recordingAt3s, { type: 'stop', now: 32_999 }]);
    expect(short).toEqual({ kind: 'confirmShort', elapsedMs: 29_999 });
    expect(run([{ type: 'keepRecording' }], short)).toEqual({ kind: 'paused', elapsedMs: 29_999 });
    expect(run([{ type: 'discard' }], short)).toEqual(INITIAL_RECORDER);
    expect(run([{ type: 'upload' }], short)).toEqual(short);
  });
});

describe('recorder state machine: stopping, uploading and failures', () => {
  it('stops at 30 s or more with a preview once the last data is in, then uploads and waits for the transcript', () => {
    const stopped = run([...recordingAt3s, { type: 'stop', now: 33_000 }]);
    expect(stopped).toEqual({ kind: 'stopped', elapsedMs: 30_000, sizeBytes: -1 });
    expect(run([{ type: 'upload' }], stopped)).toEqual(stopped);
    const ready = run([{ type: 'finished', sizeBytes: 4096 }], stopped);
    const uploading = run([{ type: 'upload' }], ready);
    expect(uploading).toEqual({ kind: 'uploading', elapsedMs: 30_000, sizeBytes: 4096 });
    expect(run([{ type: 'uploadFailed' }], uploading)).toEqual(ready);
    const saved = run([{ type: 'uploaded', mediaId: 'm1' }], uploading);
    expect(saved).toEqual({ kind: 'saved', mediaId: 'm1', ready: false });
    expect(run([{ type: 'transcriptReady' }], saved)).toEqual({ kind: 'saved', mediaId: 'm1', ready: true });
    expect(run([{ type: 'reset' }], saved)).toEqual(INITIAL_RECORDER);
    expect(run([{ type: 'reset' }], uploading)).toEqual(uploading);
  });

  it('stops from paused too, with the paused length', () => {
    const paused = run([...recordingAt3s, { type: 'pause', now: 40_000 }]);
    expect(run([{ type: 'stop', now: 90_000 }], paused)).toEqual({ kind: 'stopped', elapsedMs: 37_000, sizeBytes: -1 });
  });

  it('ignores events that do not belong to the state', () => {
    expect(run([{ type: 'pause', now: 1 }, { type: 'resume', now: 2 }, { type: 'stop', now: 3 }, { type: 'upload' }])).toEqual(
      INITIAL_RECORDER,
    );
    const recording = run(recordingAt3s);
    expect(
      run(
        [
          { type: 'start', now: 5000 },
          { type: 'checkMic', now: 5000 },
          { type: 'resume', now: 5000 },
        ],
        recording,
      ),
    ).toEqual(recording);
  });

  it('returns to idle with the message when the microphone fails', () => {
    const failed = run([...recordingAt3s, { type: 'fail', message: RECORDER_MESSAGES.micBlocked }]);
    expect(failed).toEqual({ kind: 'idle', error: RECORDER_MESSAGES.micBlocked, micChecked: false });
  });
});

describe('recorder rules', () => {
  it('blocks a recording above the upload limit, then asks for a name', () => {
    expect(saveProblem(500 * BYTES_PER_MB + 1, 'Pilot', 500)).toBe('Recording too long to upload (over 500 MB)');
    expect(saveProblem(11 * BYTES_PER_MB, 'Pilot', 10)).toBe('Recording too long to upload (over 10 MB)');
    expect(saveProblem(500 * BYTES_PER_MB, 'Pilot', 500)).toBeNull();
    expect(saveProblem(1000, '   ', 500)).toBe(RECORDER_MESSAGES.nameRequired);
  });

  it('skips data chunks less than 50 ms apart, except the closing one', () => {
    expect(acceptChunk(null, 10, false)).toBe(true);
    expect(acceptChunk(1000, 1049, false)).toBe(false);
    expect(acceptChunk(1000, 1050, false)).toBe(true);
    expect(acceptChunk(1000, 1001, true)).toBe(true);
  });

  it('names microphone failures in words', () => {
    expect(microphoneErrorMessage(new DOMException('denied', 'NotAllowedError'))).toBe(RECORDER_MESSAGES.micBlocked);
    expect(microphoneErrorMessage(new DOMException('none', 'NotFoundError'))).toBe(RECORDER_MESSAGES.noMicrophone);
    expect(microphoneErrorMessage(new DOMException('no', 'NotSupportedError'))).toBe('Recording not supported in this browser.');
    expect(microphoneErrorMessage(new Error('boom'))).toBe(RECORDER_MESSAGES.micFailed);
  });

  it('prefers WebM/Opus, then what the browser supports', () => {
    expect(pickMimeType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickMimeType((t) => t === 'audio/mp4')).toBe('audio/mp4');
    expect(pickMimeType(() => false)).toBe('');
  });

  it('names the file and formats the clock', () => {
    expect(recordingFilename('audio/webm;codecs=opus', new Date(2026, 10, 23, 9, 5))).toBe('recording-2026-11-23-0905.webm');
    expect(recordingFilename('audio/mp4', new Date(2026, 0, 2, 14, 30))).toBe('recording-2026-01-02-1430.m4a');
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(61_999)).toBe('1:01');
  });
});
