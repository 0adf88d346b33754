import { useCallback, useEffect, useRef, type Dispatch, type RefObject } from 'react';
import { microphoneErrorMessage, type RecorderEvent, type RecorderState } from './recorder-machine.ts';
import { openMicrophone, startCapture, type Capture, type Microphone } from './microphone.ts';

/** Starts capturing from the microphone, or resumes the paused capture. */
function beginOrResumeCapture(mic: Microphone, capture: RefObject<Capture | null>) {
  if (!capture.current) capture.current = startCapture(mic.stream);
  else if (capture.current.recorder.state === 'paused') capture.current.recorder.resume();
}

/**
 * The microphone and the MediaRecorder capture behind the Recorder's machine: opened on demand,
 * capturing once the machine is recording (resumed after a pause), let go when it is back to idle.
 */
export function useMicrophoneCapture(kind: RecorderState['kind'], dispatch: Dispatch<RecorderEvent>) {
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
    [release, dispatch],
  );

  // Recording begins after the countdown and resumes after the resuming countdown.
  useEffect(() => {
    if (kind !== 'recording' || !mic.current) return;
    try {
      beginOrResumeCapture(mic.current, capture);
    } catch (error) {
      release();
      dispatch({ type: 'fail', message: microphoneErrorMessage(error) });
    }
  }, [kind, release, dispatch]);

  // Back to idle (mic check over, discarded, failed): the microphone is let go.
  useEffect(() => {
    if (kind === 'idle') release();
  }, [kind, release]);

  useEffect(() => () => release(), [release]);

  const pauseCapture = () => {
    if (capture.current?.recorder.state === 'recording') capture.current.recorder.pause();
  };

  /** Ends the capture (if one is running) and closes the microphone once the recording is whole. */
  const finishCapture = (): Promise<Blob> | null => {
    const current = capture.current;
    if (!current) return null;
    capture.current = null;
    return current.finish().then((blob) => {
      mic.current?.close();
      mic.current = null;
      return blob;
    });
  };

  return { mic, release, withMicrophone, pauseCapture, finishCapture };
}
