import { z } from 'zod';
import { DEFAULT_SPEECH_MODEL, SPEECH_MODEL_DEFAULT_BASE_URL, SPEECH_MODEL_MESSAGES, SPEECH_MODEL_NAMES, TERMS } from '@ppp/contracts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, so relative data folders do not depend on the working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const ZBool = z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A comma-separated list: entries trimmed (and lower-cased when asked), empty ones dropped; unset or empty gives the fallback. */
function commaList(options: { lowerCase?: boolean; fallback?: string[] } = {}) {
  return z
    .string()
    .optional()
    .transform((v) => {
      if (!v) return [...(options.fallback ?? [])];
      const entries = v.split(',').map((s) => s.trim());
      return (options.lowerCase ? entries.map((s) => s.toLowerCase()) : entries).filter(Boolean);
    });
}

/** Every environment variable the product reads, validated once. Documented in .env.example. */
export const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  DATABASE_URL: z.string().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  /** Durability off for a database whose loss costs nothing (tests, journeys, demos): see THROWAWAY_FLAGS. */
  EMBEDDED_PG_THROWAWAY: ZBool.default(false),
  DB_POOL_MAX: z.coerce.number().int().min(1).default(10),
  WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  /** A folder where the built-in music beds, once rendered, are kept for every instance on the machine that shares it. */
  MUSIC_BED_CACHE_DIR: z.string().optional(),
  TERMS_VERSION: z.string().default(TERMS.defaultVersion),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Podcast Plus Plus <no-reply@localhost>'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  TRUST_PROXY: ZBool.default(false),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** pretty: one readable line per entry; json: one JSON object per line, for a log collector. */
  LOG_FORMAT: z.enum(['pretty', 'json']).default('pretty'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).default(2),
  RUN_WORKER: ZBool.default(true),
  /** Sessions kept in each server's memory for AUTH.sessionCacheTtlMs (issue 38); on, off under NODE_ENV=test, whose suites change rows behind the server's back. */
  SESSION_CACHE: ZBool.optional(),
  /** A fresh instance's default for the admin setting "new accounts start the free trial" (on; off under NODE_ENV=test). */
  NEW_ACCOUNT_TRIAL: ZBool.optional(),
  /**
   * A stop (SIGTERM, Ctrl-C): how long running HTTP requests may take to finish once the server stops
   * accepting new ones, in ms, before their connections are cut.
   */
  HTTP_CLOSE_GRACE_MS: z.coerce.number().int().min(0).default(25_000),
  /**
   * A stop: how long running jobs may take to finish, in ms; a job still running then is aborted (its
   * ffmpeg killed) and retried a few seconds after the next start.
   */
  WORKER_STOP_GRACE_MS: z.coerce.number().int().min(1_000).default(30_000),
  /**
   * Speech (TTS) engines offered, comma separated, in the order their voices are listed (the first
   * listed voice is the default one): elevenlabs (the user's own key), google, openai, then the local
   * ones from clearest to least clear as bench/voices.bench.ts measures them: flite (rms first),
   * festival (its HTS voice), espeak. Unset offers every configured one in that order; the local
   * engines need no configuration and are offered whenever Debian's packages are installed.
   */
  TTS_ENGINES: commaList({ lowerCase: true, fallback: ['elevenlabs', 'google', 'openai', 'flite', 'festival', 'espeak'] }),
  /** ElevenLabs API root (users bring their own key); a proxy or test server can stand in. */
  ELEVENLABS_BASE_URL: z.string().url().default('https://api.elevenlabs.io'),
  ELEVENLABS_MODEL: z.string().default('eleven_multilingual_v2'),
  /** Google Cloud Text-to-Speech with the operator's API key; empty leaves it off. */
  GOOGLE_TTS_API_KEY: z.string().optional(),
  GOOGLE_TTS_BASE_URL: z.string().url().default('https://texttospeech.googleapis.com'),
  /** OpenAI-compatible speech (/v1/audio/speech) is on when a model is named; base URL and key fall back to OPENAI_*. */
  OPENAI_TTS_MODEL: z.string().optional(),
  OPENAI_TTS_BASE_URL: z.string().url().optional(),
  OPENAI_TTS_API_KEY: z.string().optional(),
  /** Voices a self-hosted speech server offers, comma separated; OpenAI's built-in set otherwise. */
  OPENAI_TTS_VOICES: commaList(),
  /** Titles, notes and tags: extractive (default, no model) or an OpenAI-compatible chat model (on when OPENAI_CHAT_MODEL is set). */
  TEXT_AI_ENGINE: z.enum(['extractive', 'openai']).optional(),
  OPENAI_CHAT_MODEL: z.string().optional(),
  OPENAI_CHAT_BASE_URL: z.string().url().optional(),
  OPENAI_CHAT_API_KEY: z.string().optional(),
  /**
   * 32 bytes (64 hex characters or base64) that encrypt the API keys users store (AES-256-GCM).
   * Unset: a key is generated once into DATA_DIR/secret.key and reused. Keep it with the database backups.
   */
  SECRET_KEY: z.string().optional(),
  /** Uploaded media and working files; DATA_DIR/storage when unset (and S3_BUCKET unset). */
  STORAGE_DIR: z.string().optional(),
  /**
   * S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, Backblaze B2, Garage) in place of the
   * local folder: on when S3_BUCKET is set. S3_ENDPOINT is the provider's URL (empty for AWS itself);
   * the keys fall back to the AWS SDK's own chain (environment, profile, instance role) when empty.
   * Path-style addressing (http://host/bucket/key) for MinIO, Garage and most self-hosted servers.
   */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: ZBool.default(false),
  /** Where a process copies stored files that ffmpeg must read locally; DATA_DIR/scratch when unset. */
  SCRATCH_DIR: z.string().optional(),
  /**
   * The most a process's scratch copies may take at once, in MB: a job whose inputs do not fit fails
   * with a message saying so (and is retried while other jobs free room) instead of filling the disk.
   */
  SCRATCH_MAX_MB: z.coerce.number().positive().default(20_480),
  /** Comma-separated engine order (whisper.cpp, openai-compatible, pocketsphinx); unset means that order. */
  TRANSCRIPTION_ENGINES: commaList(),
  /**
   * The speech model manager (issue 32): where it keeps whisper.cpp's ggml files (DATA_DIR/models when
   * unset; every server and worker must see the same folder, or each node downloads its own), the
   * catalogue model to use (an admin's switch in the Speech & AI tab wins afterwards), whether a missing
   * one is downloaded on start (default on; off in tests and for air-gapped installs, where the file is
   * placed in MODELS_DIR by hand and checked), and where from.
   */
  MODELS_DIR: z.string().optional(),
  WHISPER_MODEL: z
    .enum(SPEECH_MODEL_NAMES, { error: (issue) => SPEECH_MODEL_MESSAGES.unknownModel(String(issue.input)) })
    .default(DEFAULT_SPEECH_MODEL),
  WHISPER_AUTO_DOWNLOAD: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v ? v === 'true' || v === '1' || v === 'yes' : undefined)),
  WHISPER_MODEL_BASE_URL: z.string().url().default(SPEECH_MODEL_DEFAULT_BASE_URL),
  /** An operator's own ggml model file: when set, whisper.cpp uses it (checked) instead of the catalogue's. */
  WHISPER_MODEL_PATH: z.string().optional(),
  /** An OpenAI-compatible server up to its version, e.g. https://api.openai.com/v1. */
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_API_KEY: z.string().optional(),
  TRANSCRIBE_MODEL: z.string().default('whisper-1'),
  /** ISO-639-1 language of the uploads when known ('en'); empty lets the engine detect it. */
  TRANSCRIBE_LANGUAGE: z.string().optional(),
  /** Seconds of audio per parallel transcription chunk. */
  TRANSCRIBE_CHUNK_SECONDS: z.coerce.number().min(10).default(120),
  /** Spreaker as a podcast host: an app registered at developers.spreaker.com; unset leaves only the built-in host. */
  SPREAKER_CLIENT_ID: z.string().optional(),
  SPREAKER_CLIENT_SECRET: z.string().optional(),
  /** Spreaker's API origin (its OAuth token endpoint is {SPREAKER_BASE_URL}/oauth2/token); a local server in tests. */
  SPREAKER_BASE_URL: z.string().url().default('https://api.spreaker.com'),
  SPREAKER_AUTHORIZE_URL: z.string().url().default('https://www.spreaker.com/oauth2/authorize'),
  /** A WebSub hub (e.g. https://pubsubhubbub.appspot.com/): every feed names it and is pinged there when it changes (issue 36). */
  WEBSUB_HUB_URL: z.string().url().optional(),
  /** Podping (e.g. https://podping.cloud/) with its token: feed changes are sent there; without both, what would be sent is logged. */
  PODPING_URL: z.string().url().optional(),
  PODPING_TOKEN: z.string().optional(),
  /**
   * RSS import, for tests and local development only: resolved addresses (e.g. 127.0.0.1,::1) that
   * feed, audio and artwork fetches may reach although they are private or loopback. Empty (the
   * default) keeps every private, loopback, link-local and metadata address refused. Never set it
   * on a server that imports feeds for other people.
   */
  IMPORT_ALLOW_PRIVATE_HOSTS: commaList(),
  /**
   * Show websites answer at {subdomain}.{SITES_BASE_DOMAIN} by Host header when set (a wildcard DNS
   * record pointing here); always at /sites/{subdomain} on this server.
   */
  SITES_BASE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]*$/i)
    .transform((v) => v.toLowerCase().replace(/^\.+|\.+$/g, '') || undefined)
    .optional(),
  /** Payments: off unless a Stripe secret key is set (plans are then still enforced from the tier table). */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** The signing secret of the webhook endpoint POST /api/billing/webhook (whsec_...). */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Scheme, host and port of Stripe's API (default Stripe's own); a proxy or a test stand-in can take its place. */
  STRIPE_API_URL: z.string().url().optional(),
  /**
   * The admin's Dev Tools database reset (POST /api/dev/reset-database): on only with DEV_TOOLS=true,
   * and never when NODE_ENV is production (the default), whatever this says.
   */
  DEV_TOOLS: ZBool.default(false),
  /** RSS import: time allowed for fetching a feed, in ms (DNS, redirects and body). Default 20000. */
  IMPORT_FEED_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
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

export function scratchDir(config: TConfig): string {
  return config.SCRATCH_DIR ?? path.join(config.DATA_DIR, 'scratch');
}

export function modelsDir(config: TConfig): string {
  return config.MODELS_DIR || path.join(config.DATA_DIR, 'models');
}

/** Whether a missing speech model is downloaded on start: WHISPER_AUTO_DOWNLOAD, else on (off under NODE_ENV=test). */
export function whisperAutoDownload(config: TConfig): boolean {
  return config.WHISPER_AUTO_DOWNLOAD ?? config.NODE_ENV !== 'test';
}

/** Until the admin decides, whether new accounts start the trial: NEW_ACCOUNT_TRIAL, else on (off under NODE_ENV=test, where suites expect Free). */
export function newAccountTrialDefault(config: TConfig): boolean {
  return config.NEW_ACCOUNT_TRIAL ?? config.NODE_ENV !== 'test';
}

/** Whether the HTTP server keeps sessions in memory: SESSION_CACHE, else on (off under NODE_ENV=test). */
export function sessionCacheOn(config: TConfig): boolean {
  return config.SESSION_CACHE ?? config.NODE_ENV !== 'test';
}

export function scratchMaxBytes(config: TConfig): number {
  return Math.floor(config.SCRATCH_MAX_MB * 1024 * 1024);
}

export function publicUrl(config: TConfig): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

/** Whether the database reset exists on this instance: DEV_TOOLS=true outside production. */
export function devToolsEnabled(config: TConfig): boolean {
  return config.DEV_TOOLS && config.NODE_ENV !== 'production';
}

/** The name an admin types to confirm a reset: the host (and port) the instance is reached at. */
export function instanceName(config: TConfig): string {
  return new URL(publicUrl(config)).host;
}

/** What a stopped job may still take to settle after its abort (ffmpeg killed, work folder removed). */
export const WORKER_SETTLE_MS = 5_000;
/** Time for closing pools and connections after the graces, before the launcher stops waiting. */
const SHUTDOWN_MARGIN_MS = 10_000;

/**
 * When the launcher stops waiting for a child it asked to stop and kills it (SIGKILL): only after
 * the longer of the two graces, the settling of aborted jobs and closing the pools, so a stop that
 * keeps to its deadlines is never cut.
 */
export function shutdownKillAfterMs(config: TConfig): number {
  return Math.max(config.HTTP_CLOSE_GRACE_MS, config.WORKER_STOP_GRACE_MS + WORKER_SETTLE_MS) + SHUTDOWN_MARGIN_MS;
}

/** Spreaker OAuth settings, or null when no Spreaker app is configured. */
export function spreakerOAuthConfig(config: TConfig) {
  if (!config.SPREAKER_CLIENT_ID || !config.SPREAKER_CLIENT_SECRET) return null;
  const api = config.SPREAKER_BASE_URL.replace(/\/$/, '');
  return {
    clientId: config.SPREAKER_CLIENT_ID,
    clientSecret: config.SPREAKER_CLIENT_SECRET,
    redirectUri: `${publicUrl(config)}/api/auth/spreaker/callback`,
    authorizeUrl: config.SPREAKER_AUTHORIZE_URL,
    tokenUrl: `${api}/oauth2/token`,
  };
}
