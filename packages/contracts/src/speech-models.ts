import { z } from 'zod';
import { ZTranscriptionEngineName } from './transcription.ts';

/**
 * The ggml models of whisper.cpp the model manager can download (issue 32): English-only and
 * multilingual twins of three sizes and one quantised file. Their addresses, sizes and digests live in
 * the server's catalogue (apps/server/src/domain/speech-models/catalogue.ts).
 */
export const SPEECH_MODEL_NAMES = ['tiny.en', 'tiny', 'base.en', 'base', 'small.en', 'small', 'base.en-q5_1'] as const;
export type TSpeechModelName = (typeof SPEECH_MODEL_NAMES)[number];
/** whisper.cpp's own download location (its models/download-ggml-model.sh); WHISPER_MODEL_BASE_URL replaces it. */
export const SPEECH_MODEL_DEFAULT_BASE_URL = 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main';
/** What a fresh install downloads on first start. */
export const DEFAULT_SPEECH_MODEL: TSpeechModelName = 'base.en';

export function isSpeechModelName(name: string): name is TSpeechModelName {
  return (SPEECH_MODEL_NAMES as readonly string[]).includes(name);
}

/**
 * absent: no file; downloading: bytes arriving; verifying: the digest and ggml header being checked;
 * ready: verified in MODELS_DIR; failed: the last download or check failed (error says why).
 */
export const ZSpeechModelState = z.enum(['absent', 'downloading', 'verifying', 'ready', 'failed']);
export type TSpeechModelState = z.infer<typeof ZSpeechModelState>;

export const SPEECH_MODEL_MESSAGES = {
  unknownModel: (name: string) => `Unknown speech model '${name}'. Choose one of: ${SPEECH_MODEL_NAMES.join(', ')}.`,
  autoDownloadOff:
    'Automatic model download is off (WHISPER_AUTO_DOWNLOAD=false): place the model file in MODELS_DIR by hand, or switch the download on.',
  notPresent: (name: string) => `The ${name} model is not downloaded yet.`,
  downloading: (name: string, percent: number) => `The ${name} model is downloading (${percent} %).`,
  verifying: (name: string) => `The ${name} model is being verified.`,
  interrupted: (name: string) =>
    `The download of the ${name} model stopped without finishing (its server stopped); download it again to resume.`,
  digestMismatch: (name: string, algorithm: string, expected: string, actual: string) =>
    `The downloaded ${name} model does not match its pinned ${algorithm} (expected ${expected}, got ${actual}); the partial file was removed.`,
  downloadSize: (name: string, expected: number, actual: number) =>
    `The downloaded ${name} model has ${actual} bytes where ${expected} were expected; the partial file was removed.`,
  sizeMismatch: (name: string, expected: number, actual: number) =>
    `The ${name} model file has ${actual} bytes where ${expected} were expected; it was not used.`,
  diskFull: (name: string, dir: string) =>
    `Not enough disk space in ${dir} to download the ${name} model; the partial file was removed. Free some space and try again.`,
  downloadFailed: (name: string, reason: string) =>
    `The ${name} model could not be downloaded (${reason}); transcription uses pocketsphinx until it is present.`,
  badFile: (name: string, reason: string) => `The ${name} model file was refused: ${reason}`,
  overrideBad: (reason: string) => `WHISPER_MODEL_PATH was refused: ${reason}`,
  deleteActive: 'The active model cannot be deleted: switch to another model first.',
  deleteDownloading: (name: string) => `The ${name} model is downloading; delete it once the download has ended.`,
  engineOrder: 'TRANSCRIPTION_ENGINES leaves whisper.cpp out.',
  whisperUnavailable: 'The whisper.cpp binding could not be loaded on this machine.',
  noEngine: 'No transcription engine is available on this machine.',
  measureFailed: (reason: string) => `The realtime factor could not be measured: ${reason}`,
} as const;

/** One catalogue model and its state on this installation. */
export const ZSpeechModelStatus = z.object({
  name: z.enum(SPEECH_MODEL_NAMES),
  size_bytes: z.number().int(),
  multilingual: z.boolean(),
  quantised: z.boolean(),
  state: ZSpeechModelState,
  /** Bytes in the partial file while downloading (or of the last attempt). */
  bytes_done: z.number().int(),
  bytes_total: z.number().int(),
  rate_bytes_per_second: z.number().nullable(),
  eta_seconds: z.number().nullable(),
  error: z.string().nullable(),
  /** Bytes the model (or its partial download) takes in MODELS_DIR now; null when nothing is there. */
  on_disk_bytes: z.number().int().nullable(),
  active: z.boolean(),
  updated_at: z.string().nullable(),
});
export type TSpeechModelStatus = z.infer<typeof ZSpeechModelStatus>;

/** The engine new transcriptions use now; fallback when it is pocketsphinx, with the reason whisper.cpp is not used. */
export const ZSpeechEngineStatus = z.object({
  name: ZTranscriptionEngineName.nullable(),
  model: z.string().nullable(),
  fallback: z.boolean(),
  reason: z.string().nullable(),
});
export type TSpeechEngineStatus = z.infer<typeof ZSpeechEngineStatus>;

/** The last realtime-factor measurement: processing seconds per second of audio on this machine. */
export const ZRealtimeMeasurement = z.object({
  engine: z.string(),
  model: z.string().nullable(),
  realtime_factor: z.number(),
  audio_seconds: z.number(),
  processing_seconds: z.number(),
  measured_at: z.string(),
});
export type TRealtimeMeasurement = z.infer<typeof ZRealtimeMeasurement>;

/** GET /api/admin/speech: the Speech & AI tab. */
export const ZAdminSpeechStatus = z.object({
  engine: ZSpeechEngineStatus,
  active_model: z.enum(SPEECH_MODEL_NAMES),
  /** WHISPER_MODEL_PATH when the operator set one: it wins over the catalogue. */
  override_path: z.string().nullable(),
  auto_download: z.boolean(),
  models_dir: z.string(),
  models: z.array(ZSpeechModelStatus),
  measurement: ZRealtimeMeasurement.nullable(),
});
export type TAdminSpeechStatus = z.infer<typeof ZAdminSpeechStatus>;

/** POST /api/admin/speech/model and DELETE /api/admin/speech/model/{name}: a catalogue name (422 otherwise). */
export const ZSpeechModelRequest = z.object({ name: z.string().trim().min(1).max(64) });
export type TSpeechModelRequest = z.infer<typeof ZSpeechModelRequest>;
