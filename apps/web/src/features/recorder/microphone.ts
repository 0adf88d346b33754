import { RECORDER } from '@ppp/contracts';
import { acceptChunk, pickMimeType } from './recorder-machine.ts';
import { freshSampleCount, loudestLevel } from './level-meter.ts';

/** Whether this browser can record at all ('Recording not supported in this browser.' otherwise). */
export function recordingSupported(): boolean {
  return (
    typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function' && typeof MediaRecorder !== 'undefined'
  );
}

/** An open microphone with a level meter (Web Audio AnalyserNode); closed with close(). */
export interface Microphone {
  stream: MediaStream;
  /** 0-1, the loudest moment since the last call. */
  level(): number;
  close(): void;
}

export async function openMicrophone(): Promise<Microphone> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: true },
  });
  const context = new AudioContext();
  // A context made after the permission prompt may start suspended (the click's activation has
  // passed), and a suspended context hands the meter silence.
  if (context.state !== 'running') await context.resume().catch(() => undefined);
  const analyser = context.createAnalyser();
  // The largest window (about 0.7 s at 48 kHz): the meter is read every 100 ms, later on a busy machine,
  // and reading only the newest 21 ms missed short sounds (Chromium's fake device beeps for 20 ms every
  // 500 ms, and a meter read a few times a second could show silence for a whole check).
  analyser.fftSize = 32_768;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  let readAt = performance.now();
  return {
    stream,
    level() {
      const now = performance.now();
      analyser.getFloatTimeDomainData(samples);
      const fresh = freshSampleCount(now - readAt, context.sampleRate, samples.length);
      readAt = now;
      return loudestLevel(samples.subarray(samples.length - fresh));
    },
    close() {
      for (const track of stream.getTracks()) track.stop();
      void context.close().catch(() => undefined);
    },
  };
}

/** A MediaRecorder on the stream that keeps its data (chunks under 50 ms apart skipped) and hands over one Blob on stop. */
export interface Capture {
  recorder: MediaRecorder;
  /** Stops and resolves with the recording; discard() resolves nothing and drops the data. */
  finish(): Promise<Blob>;
  discard(): void;
}

export function startCapture(stream: MediaStream): Capture {
  const mimeType = pickMimeType((type) => MediaRecorder.isTypeSupported(type));
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  const chunks: Blob[] = [];
  let lastAt: number | null = null;
  let closing = false;
  recorder.ondataavailable = (event) => {
    const now = performance.now();
    if (event.data.size === 0 || !acceptChunk(lastAt, now, closing)) return;
    lastAt = now;
    chunks.push(event.data);
  };
  recorder.start(RECORDER.timesliceMs);
  return {
    recorder,
    finish: () =>
      new Promise<Blob>((resolve) => {
        closing = true;
        recorder.onstop = () => resolve(new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' }));
        recorder.stop();
      }),
    discard() {
      recorder.ondataavailable = null;
      if (recorder.state !== 'inactive') recorder.stop();
      chunks.length = 0;
    },
  };
}
