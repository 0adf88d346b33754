import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import type { TTranscript } from '@ppp/contracts';
import { wavDurationSeconds } from '../../wav.ts';
import { TranscriptionError, type TranscribeOptions, type TranscriptionEngine } from '../engine.ts';
import { segmentsToWords, type WhisperSegment } from './words.ts';

/** The part of @fugood/whisper.node we use, so its types stay out of ours. */
interface WhisperContextLike {
  transcribeFile(
    path: string,
    options: Record<string, unknown> & { onProgress?: (progress: number) => void },
  ): { stop: () => Promise<void>; promise: Promise<{ language?: string; segments: WhisperSegment[]; isAborted: boolean }> };
  release(): Promise<void>;
}
interface WhisperBinding {
  initWhisper(options: { filePath: string; useGpu?: boolean }): Promise<WhisperContextLike>;
}

export interface WhisperCppOptions {
  /** A ggml model file (ggml-base.en.bin and the like); without one the engine is unavailable. */
  modelPath?: string;
  /** 'en', 'de', or 'auto'. */
  language?: string;
  threads?: number;
  /** Loads the binding; replaceable so a machine without the prebuilt binary reports unavailable. */
  loadBinding?: () => Promise<WhisperBinding>;
}

const NAME = 'whisper.cpp';
const BINDING = '@fugood/whisper.node';

async function loadDefaultBinding(): Promise<WhisperBinding> {
  const module: unknown = await import(BINDING);
  const binding = (module as { default?: unknown }).default ?? module;
  if (typeof (binding as Partial<WhisperBinding>).initWhisper !== 'function') throw new Error(`${BINDING} has no initWhisper`);
  return binding as WhisperBinding;
}

/** whisper.cpp through @fugood/whisper.node (prebuilt per platform); the model loads once and stays. */
export function createWhisperCppEngine(options: WhisperCppOptions = {}): TranscriptionEngine & { release(): Promise<void> } {
  const load = options.loadBinding ?? loadDefaultBinding;
  let context: Promise<WhisperContextLike> | null = null;
  const getContext = (modelPath: string) =>
    (context ??= load().then((binding) => binding.initWhisper({ filePath: modelPath, useGpu: false })));
  return {
    name: NAME,
    async available() {
      if (!options.modelPath || !existsSync(options.modelPath)) return false;
      return load().then(
        () => true,
        () => false,
      );
    },
    async transcribe(wavPath: string, { signal, onProgress }: TranscribeOptions = {}): Promise<TTranscript> {
      if (!options.modelPath || !existsSync(options.modelPath))
        throw new TranscriptionError(NAME, `model file not found: ${options.modelPath ?? '(none configured)'}`);
      signal?.throwIfAborted();
      const ctx = await getContext(options.modelPath);
      const job = ctx.transcribeFile(wavPath, {
        language: options.language ?? 'auto',
        maxThreads: options.threads ?? cpus().length,
        tokenTimestamps: true,
        // One token per segment: the only way this binding gives word-level times.
        maxLen: 1,
        onProgress,
      });
      const stop = () => void job.stop();
      signal?.addEventListener('abort', stop, { once: true });
      try {
        const result = await job.promise;
        signal?.throwIfAborted();
        if (result.isAborted) throw new TranscriptionError(NAME, 'transcription was stopped');
        onProgress?.(100);
        return {
          words: segmentsToWords(result.segments),
          language: result.language ?? options.language ?? null,
          duration_s: await wavDurationSeconds(wavPath),
        };
      } finally {
        signal?.removeEventListener('abort', stop);
      }
    },
    async release() {
      const pending = context;
      context = null;
      if (pending) await (await pending).release();
    },
  };
}
