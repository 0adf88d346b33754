import { cpus } from 'node:os';
import { basename } from 'node:path';
import type { TTranscript } from '@ppp/contracts';
import { wavDurationSeconds } from '../../wav.ts';
import { TranscriptionError, type TranscribeOptions, type TranscriptionEngine } from '../engine.ts';
import { readGgmlModelHeader, type GgmlModelInfo } from './model-file.ts';
import { segmentsToWords, type WhisperSegment } from './words.ts';

/** The part of @fugood/whisper.node we use, so its types stay out of ours. */
interface WhisperContextLike {
  transcribeFile(
    path: string,
    options: Record<string, unknown> & { onProgress?: (progress: number) => void },
  ): { stop: () => Promise<void>; promise: Promise<{ language?: string; segments: WhisperSegment[]; isAborted: boolean }> };
  release(): Promise<void>;
}
export interface WhisperBinding {
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

/** The prebuilt binding for this platform; throws where there is none. */
export async function loadWhisperBinding(): Promise<WhisperBinding> {
  const module: unknown = await import(BINDING);
  const binding = (module as { default?: unknown }).default ?? module;
  if (typeof (binding as Partial<WhisperBinding>).initWhisper !== 'function') throw new Error(`${BINDING} has no initWhisper`);
  return binding as WhisperBinding;
}

/** 'base.en' for the catalogue's ggml-base.en.bin, the file's own name for anything else. */
export function whisperModelName(modelPath: string): string {
  const file = basename(modelPath);
  return /^ggml-(.+)\.bin$/.exec(file)?.[1] ?? file;
}

interface LoadedModel {
  context: WhisperContextLike;
  info: GgmlModelInfo;
}

/** The model loaded once, after its file passed the layout check; a failed load is retried next time. */
function modelLoader(modelPath: string, load: () => Promise<WhisperBinding>) {
  let pending: Promise<LoadedModel> | null = null;
  return {
    get(): Promise<LoadedModel> {
      pending ??= (async () => {
        const info = await readGgmlModelHeader(modelPath);
        const binding = await load();
        return { info, context: await binding.initWhisper({ filePath: modelPath, useGpu: false }) };
      })().catch((error: unknown) => {
        pending = null;
        throw error;
      });
      return pending;
    },
    async release(): Promise<void> {
      const loaded = pending;
      pending = null;
      if (loaded) await (await loaded).context.release();
    },
  };
}

async function decode(loaded: LoadedModel, wavPath: string, options: WhisperCppOptions, { signal, onProgress }: TranscribeOptions) {
  const job = loaded.context.transcribeFile(wavPath, {
    // An English-only model has no language to detect.
    language: options.language ?? (loaded.info.englishOnly ? 'en' : 'auto'),
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
    return result;
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}

/**
 * whisper.cpp through @fugood/whisper.node (prebuilt per platform); the model loads once and stays.
 * The file's layout is checked before the binding sees it: whisper.cpp aborts the process on some
 * bad files, and the binding leaves its promise unsettled when decoding throws.
 */
export function createWhisperCppEngine(options: WhisperCppOptions = {}): TranscriptionEngine & { release(): Promise<void> } {
  const load = options.loadBinding ?? loadWhisperBinding;
  const model = options.modelPath ? modelLoader(options.modelPath, load) : null;
  return {
    name: NAME,
    model: options.modelPath ? whisperModelName(options.modelPath) : null,
    async available() {
      if (!options.modelPath) return false;
      return readGgmlModelHeader(options.modelPath)
        .then(load)
        .then(
          () => true,
          () => false,
        );
    },
    async transcribe(wavPath: string, transcribeOptions: TranscribeOptions = {}): Promise<TTranscript> {
      if (!model) throw new TranscriptionError(NAME, 'no model file configured');
      transcribeOptions.signal?.throwIfAborted();
      // A missing or damaged file throws ModelFileError, with its own message, before anything loads.
      const loaded = await model.get();
      const result = await decode(loaded, wavPath, options, transcribeOptions);
      transcribeOptions.onProgress?.(100);
      const duration = await wavDurationSeconds(wavPath);
      return {
        words: segmentsToWords(result.segments, duration),
        language: result.language ?? options.language ?? null,
        duration_s: duration,
      };
    },
    async release() {
      await model?.release();
    },
  };
}
