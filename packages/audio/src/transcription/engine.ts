import type { TTranscript, TTranscriptionEngineName } from '@ppp/contracts';

export interface TranscribeOptions {
  signal?: AbortSignal;
  /** 0-100 for this file. */
  onProgress?: (percent: number) => void;
}

/** One way of turning a 16 kHz mono WAV into timed words. */
export interface TranscriptionEngine {
  readonly name: TTranscriptionEngineName;
  /**
   * The model it recognises with, as the transcript records it: whisper's 'base.en' (or the file's
   * name), pocketsphinx's 'en-us', the endpoint's model; null where there is none.
   */
  readonly model: string | null;
  /** Whether it can run here now (binary or model present, endpoint configured); never throws. */
  available(): Promise<boolean>;
  transcribe(wavPath: string, options?: TranscribeOptions): Promise<TTranscript>;
}

/** No configured engine can run; the upload shows this and a retry works once one is set up. */
export class NoEngineAvailableError extends Error {
  readonly tried: readonly string[];
  constructor(tried: readonly string[]) {
    super(
      tried.length === 0
        ? 'No transcription engine is configured'
        : `No transcription engine is available (tried ${tried.join(', ')}): install pocketsphinx, configure a whisper.cpp model or an OpenAI-compatible endpoint`,
    );
    this.name = 'NoEngineAvailableError';
    this.tried = tried;
  }
}

/** An engine ran and failed in a way specific to it (bad answer, unreadable output). */
export class TranscriptionError extends Error {
  readonly engine: string;
  constructor(engine: string, message: string, options?: { cause?: unknown }) {
    super(`${engine}: ${message}`, options);
    this.name = 'TranscriptionError';
    this.engine = engine;
  }
}

/** Seconds rounded to the millisecond: engines give float noise that makes equal times unequal. */
export function wordTime(seconds: number): number {
  return Math.round(Math.max(0, seconds) * 1000) / 1000;
}

export function clampConfidence(value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return Math.min(1, Math.max(0, value));
}
