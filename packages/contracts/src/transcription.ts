import { z } from 'zod';

/** The transcription engines, in the order the port falls back through them. */
export const TRANSCRIPTION_ENGINE_ORDER = ['whisper.cpp', 'openai-compatible', 'pocketsphinx'] as const;
export const ZTranscriptionEngineName = z.enum([...TRANSCRIPTION_ENGINE_ORDER, 'supplied']);
export type TTranscriptionEngineName = z.infer<typeof ZTranscriptionEngineName>;

/** Formats a transcript supplied with an upload may come in; 'json' is our word schema or OpenAI verbose_json. */
export const ZSuppliedTranscriptFormat = z.enum(['vtt', 'srt', 'json']);
export type TSuppliedTranscriptFormat = z.infer<typeof ZSuppliedTranscriptFormat>;
