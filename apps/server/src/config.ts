import { z } from 'zod';
import { TERMS } from '@ppp/contracts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, so relative data folders do not depend on the working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const ZBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the product reads, validated once. Documented in .env.example. */
export const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  DATABASE_URL: z.string().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  DB_POOL_MAX: z.coerce.number().int().min(1).default(10),
  WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  TERMS_VERSION: z.string().default(TERMS.defaultVersion),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Podcast Plus Plus <no-reply@localhost>'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  TRUST_PROXY: ZBool.default(false),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).default(2),
  RUN_WORKER: ZBool.default(true),
  /** Uploaded media and working files; DATA_DIR/storage when unset. */
  STORAGE_DIR: z.string().optional(),
  /** Comma-separated engine order (whisper.cpp, openai-compatible, pocketsphinx); unset means that order. */
  TRANSCRIPTION_ENGINES: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : [])),
  /** A ggml model file for whisper.cpp (ggml-base.en.bin and the like). */
  WHISPER_MODEL_PATH: z.string().optional(),
  /** Where to download the ggml model from on first use when WHISPER_MODEL_PATH does not exist yet. */
  WHISPER_MODEL_URL: z.string().url().optional(),
  /** An OpenAI-compatible server up to its version, e.g. https://api.openai.com/v1. */
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_API_KEY: z.string().optional(),
  TRANSCRIBE_MODEL: z.string().default('whisper-1'),
  /** ISO-639-1 language of the uploads when known ('en'); empty lets the engine detect it. */
  TRANSCRIBE_LANGUAGE: z.string().optional(),
  /** Seconds of audio per parallel transcription chunk. */
  TRANSCRIBE_CHUNK_SECONDS: z.coerce.number().min(10).default(120),
});
export type TConfig = z.infer<typeof ZConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function storageDir(config: TConfig): string {
  return config.STORAGE_DIR ?? path.join(config.DATA_DIR, 'storage');
}

export function publicUrl(config: TConfig): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}
