import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { RECORDER } from '@ppp/contracts';
import { INITIAL_RECORDER, microphoneErrorMessage, recorderReducer, type RecorderState } from './recorder-machine.ts';
import { openMicrophone, startCapture, type Capture, type Microphone } from './microphone.ts';

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
  dispatch: (event: Parameters<typeof recorderReducer>[1]) => void;
}

const LEVEL_DECAY = 0.85;

const TIMED: ReadonlySet<RecorderState['kind']> = new Set(['micCheck', 'countdown', 'recording', 'resuming', 'paused', 'confirmShort']);

/** The Recorder's machine wired to the microphone, MediaRecorder, the level meter and a 100 ms clock. */
export function useRecorder(): RecorderControls {
  const [state, dispatch] = useReducer(recorderReducer, INITIAL_RECORDER);
  const [now, setNow] = useState(() => performance.now());
  const [level, setLevel] = useState(0);
  const [recording, setRecording] = useState<{ blob: Blob; url: string } | null>(null);
  const mic = useRef<Microphone | null>(null);
  const capture = useRef<Capture | null>(null);

  const release = useCallback(() => {
    capture.current?.discard();
    capture.current = null;
    mic.current?.close();
    mic.current = null;
  }, []);

  const withMicrophone = useCallback(
    async (then: () => void) => {
      try {
        mic.current ??= await openMicrophone();
        then();
      } catch (error) {
        release();
        dispatch({ type: 'fail', message: microphoneErrorMessage(error) });
      }
    },
    [release],
  );

  // The clock: ticks move countdowns along and redraw the timer and meter.
  const timed = TIMED.has(state.kind);
  useEffect(() => {
    if (!timed) return;
    const id = window.setInterval(() => {
      const t = performance.now();
      setNow(t);
      const current = mic.current?.level() ?? 0;
      // Peaks fall back gently, so short sounds stay readable on the meter.
      setLevel((shown) => Math.max(current, shown * LEVEL_DECAY));
      dispatch({ type: 'tick', now: t });
    }, RECORDER.tickMs);
    return () => window.clearInterval(id);
  }, [timed]);

  // Recording begins after the countdown and resumes after the resuming countdown.
  useEffect(() => {
    if (state.kind !== 'recording' || !mic.current) return;
    if (!capture.current) {
      try {
        capture.current = startCapture(mic.current.stream);
      } catch (error) {
        release();
        dispatch({ type: 'fail', message: microphoneErrorMessage(error) });
      }
    } else if (capture.current.recorder.state === 'paused') {
      capture.current.recorder.resume();
    }
  }, [state.kind, release]);

  // Back to idle (mic check over, discarded, failed): the microphone is let go.
  useEffect(() => {
    if (state.kind === 'idle') release();
  }, [state.kind, release]);

  useEffect(() => () => release(), [release]);

  useEffect(
    () => () => {
      if (recording) URL.revokeObjectURL(recording.url);
    },
    [recording],
  );

  /** The time now, also given to the screen so a countdown starts from its full number. */
  const clock = () => {
    const t = performance.now();
    setNow(t);
    return t;
  };

  const pauseCapture = () => {
    if (capture.current?.recorder.state === 'recording') capture.current.recorder.pause();
  };

  return {
    state,
    now,
    level,
    recording,
    dispatch,
    checkMic: () => void withMicrophone(() => dispatch({ type: 'checkMic', now: clock() })),
    start: () => void withMicrophone(() => dispatch({ type: 'start', now: clock() })),
    pause: () => {
      pauseCapture();
      dispatch({ type: 'pause', now: performance.now() });
    },
    resume: () => dispatch({ type: 'resume', now: clock() }),
    stop: () => {
      const at = performance.now();
      const next = recorderReducer(state, { type: 'stop', now: at });
      pauseCapture();
      dispatch({ type: 'stop', now: at });
      if (next.kind !== 'stopped' || !capture.current) return;
      const current = capture.current;
      capture.current = null;
      void current.finish().then((blob) => {
        mic.current?.close();
        mic.current = null;
        setRecording({ blob, url: URL.createObjectURL(blob) });
        dispatch({ type: 'finished', sizeBytes: blob.size });
      });
    },
    keepRecording: () => dispatch({ type: 'keepRecording' }),
    discard: () => {
      release();
      setRecording(null);
      dispatch({ type: 'discard' });
    },
  };
}
