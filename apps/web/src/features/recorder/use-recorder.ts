import { useEffect, useReducer, useState } from 'react';
import { INITIAL_RECORDER, recorderReducer, type RecorderEvent, type RecorderState } from './recorder-machine.ts';
import { useMicrophoneCapture } from './use-microphone-capture.ts';
import { useRecorderClock } from './use-recorder-clock.ts';

export interface RecorderControls {
  state: RecorderState;
  /** The clock the screen draws with (ms, performance.now()). */
  now: number;
  /** Microphone level 0-1 while the microphone is open. */
  level: number;
  /** The finished recording, once stopped. */
  recording: { blob: Blob; url: string } | null;
  checkMic(): void;
  start(): void;
  pause(): void;
  resume(): void;
  stop(): void;
  keepRecording(): void;
  discard(): void;
  dispatch: (event: RecorderEvent) => void;
}

const TIMED: ReadonlySet<RecorderState['kind']> = new Set(['micCheck', 'countdown', 'recording', 'resuming', 'paused', 'confirmShort']);

/** The Recorder's machine wired to the microphone, MediaRecorder, the level meter and a 100 ms clock. */
export function useRecorder(): RecorderControls {
  const [state, dispatch] = useReducer(recorderReducer, INITIAL_RECORDER);
  const [recording, setRecording] = useState<{ blob: Blob; url: string } | null>(null);
  const microphone = useMicrophoneCapture(state.kind, dispatch);
  const { now, level, clock } = useRecorderClock(TIMED.has(state.kind), microphone.mic, dispatch);

  useEffect(
    () => () => {
      if (recording) URL.revokeObjectURL(recording.url);
    },
    [recording],
  );

  const stop = () => {
    const at = performance.now();
    const next = recorderReducer(state, { type: 'stop', now: at });
    microphone.pauseCapture();
    dispatch({ type: 'stop', now: at });
    if (next.kind !== 'stopped') return;
    void microphone.finishCapture()?.then((blob) => {
      setRecording({ blob, url: URL.createObjectURL(blob) });
      dispatch({ type: 'finished', sizeBytes: blob.size });
    });
  };

  return {
    state,
    now,
    level,
    recording,
    dispatch,
    checkMic: () => void microphone.withMicrophone(() => dispatch({ type: 'checkMic', now: clock() })),
    start: () => void microphone.withMicrophone(() => dispatch({ type: 'start', now: clock() })),
    pause: () => {
      microphone.pauseCapture();
      dispatch({ type: 'pause', now: performance.now() });
    },
    resume: () => dispatch({ type: 'resume', now: clock() }),
    stop,
    keepRecording: () => dispatch({ type: 'keepRecording' }),
    discard: () => {
      microphone.release();
      setRecording(null);
      dispatch({ type: 'discard' });
    },
  };
}
