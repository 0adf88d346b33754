/** Every limit and constant of the specification, in one place (spec 002 section 9 and friends). */

/** The installation's /robots.txt and /sitemap.xml (issue 38): the app's public pages and every published show site. */
export const PUBLIC_INDEX = {
  pages: ['/', '/pricing', '/help', '/contact', '/terms', '/privacy', '/docs/podcast-website-builder'],
  /** Paths crawlers are asked to keep out of: the API, uploads and the signed-in app. */
  disallow: ['/api/', '/trpc/', '/files/', '/ab', '/admin', '/dashboard', '/settings'],
  /** A sitemap file holds at most 50,000 addresses (sitemaps.org). */
  maxUrls: 50_000,
} as const;

/** The server's request log (issue 38). */
export const REQUEST_LOG = {
  /** One successful health check in this many is logged: load balancers ask every few seconds. */
  healthSampleEvery: 100,
  /** A caller's x-request-id is logged (and answered) as given when it looks like one; else the server makes one. */
  requestIdPattern: /^[\w.:-]{1,128}$/,
} as const;

export const AUTH = {
  /** Verification code: 6 digits, 15 minutes, single use, at most 5 tries. */
  verificationCodeLength: 6,
  verificationCodeTtlMs: 15 * 60 * 1000,
  verificationCodeMaxAttempts: 5,
  /** Sessions slide: valid 30 days, renewed when fewer than 15 remain (Lucia's design). */
  sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
  sessionRenewWithinMs: 15 * 24 * 60 * 60 * 1000,
  /**
   * A server keeps a session it looked up (with its user) this long before asking PostgreSQL again
   * (issue 38); a sign-out, a disabled account, a password change or any change to the user reaches
   * every server at once by NOTIFY, so this only bounds how stale a server can be should that fail.
   */
  sessionCacheTtlMs: 10_000,
  /** At most this many sessions kept per server; the oldest go first. */
  sessionCacheMaxEntries: 20_000,
  /** Failed sign-ins per email (and per client address) inside the window before 429. */
  maxFailedLoginsPerWindow: 5,
  failedLoginWindowMs: 15 * 60 * 1000,
  /** Verification code sends per email inside the window before 429. */
  maxCodeSendsPerWindow: 5,
  passwordMinLength: 8,
  passwordMaxLength: 256,
  emailMaxLength: 254,
  /** The signed-in user's fetch retries other failures after 2 s, doubling, at most 60 s apart (spec 000 sections 4 and 9). */
  userFetchBackoffStartMs: 2_000,
  userFetchBackoffMaxMs: 60_000,
} as const;

/** Issue 18: transcript corrections (a word's text only; its times are kept). */
export const TRANSCRIPT_REVIEW = {
  maxWordLength: 100,
  maxCorrectionsPerRequest: 500,
  /** Issue 32: most words one merge joins into one. */
  maxMergeWords: 8,
  /** Issue 32: a word the engine was less sure of than this is marked for the creator to check (a null confidence is never marked). */
  lowConfidence: 0.6,
  /** Issue 32: clicking a word plays it with this much audio before its start and after its end (seconds). */
  playLeadS: 0.15,
  playTailS: 0.2,
} as const;

/** tRPC batches: a small maximum per request; sign-in procedures are never batched (each is its own request). */
export const TRPC_BATCH = {
  maxCalls: 20,
  unbatchedPrefix: 'auth.',
  /**
   * Queries sent alone as a plain GET (never in a batch): the server answers them from an answer it
   * keeps (its bytes, their gzip and ETag made once), so the browser revalidates them with a 304.
   */
  keptQueries: ['episodes.page'] as readonly string[],
} as const;

export const TERMS = {
  defaultVersion: '2025-09-19',
  url: '/terms',
} as const;

export const UPLOADS = {
  /** Main content upload limit in MB (admin setting max_upload_mb), clamped 10-2048. */
  defaultMaxUploadMb: 500,
  minMaxUploadMb: 10,
  maxMaxUploadMb: 2048,
} as const;

export const NAMES = {
  firstNameMaxLength: 100,
  lastNameMaxLength: 100,
  waitlistNoteMaxLength: 2000,
  maintenanceMessageMaxLength: 1000,
} as const;

export function clampMaxUploadMb(value: number): number {
  if (!Number.isFinite(value)) return UPLOADS.defaultMaxUploadMb;
  return Math.min(UPLOADS.maxMaxUploadMb, Math.max(UPLOADS.minMaxUploadMb, Math.round(value)));
}

/** Media library and upload limits (spec 001 sections 5 and 9, spec 002 sections 2.11, 5 and 9). */
export const MEDIA = {
  /** 'Media file limit 50 MB (intro, outro, music, commercial); 25 MB for sfx.' */
  libraryMaxMb: 50,
  sfxMaxMb: 25,
  /** Issue 3: cover images up to 15 MB, PNG or JPEG. */
  coverMaxMb: 15,
  /** Not in the spec: how many of the newest cover images the cover pickers offer again. */
  coverLibraryLimit: 48,
  /** 'Recommended upload under 200 MB.' */
  recommendedUploadMb: 200,
  /** 'Upload expiry shown 14 days.' */
  uploadExpiryDays: 14,
  /** Not in the spec: bounds on names a user types. */
  friendlyNameMaxLength: 200,
  triggerKeywordMaxLength: 100,
  /** 'Filename display truncation 60 characters (50 with a nickname).' */
  filenameDisplayChars: 60,
  filenameDisplayCharsWithNickname: 50,
  /** 'Transcript poll every 5 s (dashboard flow up to 10 minutes).' */
  transcriptPollMs: 5_000,
  transcriptPollMaxMs: 10 * 60 * 1000,
  /** Spec 000 §9: 'Intent detection retry: 5 times, 750 ms, on 404, 409, 425'. */
  intentRetryCount: 5,
  intentRetryDelayMs: 750,
  /** Not in the spec: how long a signed preview URL stays valid. */
  previewUrlTtlSeconds: 60 * 60,
  /** Not in the spec: files in one multipart upload call. */
  maxFilesPerUpload: 20,
} as const;

export const BYTES_PER_MB = 1024 * 1024;

/**
 * Not in the spec (issue 24): a user's unfinished tus uploads. At most `maxPerUser` at once and
 * `maxTotalMb` in all, each counted at its declared length (or, while its length is deferred, at its
 * category's limit, the most it can grow to): room for two uploads of the largest main content an
 * admin can allow. One left untouched for `idleHours` (no chunk received) is removed; `maxAgeDays`
 * after its creation it is removed whatever happens.
 */
export const UNFINISHED_UPLOADS = {
  maxPerUser: 10,
  maxTotalMb: 4096,
  idleHours: 6,
  maxAgeDays: 7,
} as const;

/**
 * Not in the spec (issue 14): what one user's multipart uploads may hold on a server's scratch disk at
 * once, as a number of the largest file a form may carry now (main content at the admin's
 * max_upload_mb, or the 50 MB library limit when that is more), so parallel requests cannot each fill
 * the disk to their own limit. A byte past it is refused (429) and that request's files removed; a
 * request's bytes count until it ends.
 */
export const MULTIPART_SCRATCH = {
  largestUploadsPerUser: 3,
} as const;

/**
 * Not in the spec: the largest request body each kind of route reads (issue 14), refused with 413
 * before any of it is read. Sign-in and other unauthenticated routes get the smallest; uploads
 * their category's limit (every file of one multipart call, plus room for the form's own bytes).
 */
export const BODY_LIMITS = {
  unauthenticatedBytes: 64 * 1024,
  jsonBytes: 2 * 1024 * 1024,
  multipartOverheadBytes: 1024 * 1024,
  tooLargeMessage: 'Request body too large.',
} as const;

/**
 * Untrusted media (issue 14). Every creator's file is input for ffmpeg on a machine that holds other
 * creators' files, so ffmpeg may only read the one local file, through a demuxer on this list: a
 * playlist (HLS), concat list, image sequence or any other demuxer that opens further inputs is
 * refused. Names are ffmpeg demuxer names as -format_whitelist takes them.
 */
export const MEDIA_SAFETY = {
  demuxers: ['mp3', 'wav', 'w64', 'flac', 'ogg', 'mov', 'mp4', 'm4a', '3gp', 'aac', 'matroska', 'webm', 'aiff', 'caf'],
  /** A decoded length this far from the declared one (both this share and this many seconds) marks a damaged file. */
  durationMismatchShare: 0.05,
  durationMismatchMinSeconds: 2,
  /** Images are refused from their header, before decoding, above either bound. */
  imageMaxSidePx: 6000,
  imageMaxPixels: 36_000_000,
} as const;

/** AI voices (spec 000 sections 4, 7 and 9). */
export const VOICES = {
  /** GET /api/elevenlabs/voices page size, and the size of a bulk load. */
  pageSize: 50,
  bulkPageSize: 200,
  /** The Generate button rests this long after an AI-voice clip is made. */
  generateCooldownMs: 30_000,
} as const;

/** AI titles, notes and tags (spec 000 sections 5 and 9; issue 4). */
export const AI_TEXT = {
  maxTags: 20,
  maxTagLength: 30,
  /** A title or description holding a run of this many hex characters is discarded (a leaked id or hash). */
  hexRunLength: 16,
  /** Titles stay under this many characters. */
  titleLengthLimit: 100,
} as const;

/** Recurring publish schedule defaults (spec 000 section 9). */
export const RECURRING_SCHEDULE = {
  defaultTimeOfDay: '05:00',
  defaultAdvanceMinutes: 60,
  /** 0 = Monday ... 6 = Sunday. */
  defaultDayOfWeek: 0,
  defaultTimezone: 'UTC',
  /** Not in the spec: a lead of more than a week would skip whole occurrences, so it is capped there. */
  maxAdvanceMinutes: 7 * 24 * 60,
} as const;

/** AI-voice clips (spec 000 sections 4, 5 and 7; issue 4). Entries marked "not in the spec" are this product's. */
export const TTS = {
  /** Not in the spec: one clip's script; about six minutes of speech, and inside every provider's limit but Google's 5,000 bytes. */
  maxScriptChars: 4_000,
  /** Not in the spec: the speaking rate a client may ask for (1 is normal). */
  minSpeakingRate: 0.5,
  maxSpeakingRate: 2,
  /** Not in the spec: a clip whose script is this similar (0-1, edit distance) to one made within the window is a repeat. */
  spamSimilarity: 0.9,
  spamWindowMs: 60_000,
  /** Not in the spec: the speech estimate used before a clip exists (words per second at rate 1). */
  wordsPerSecond: 2.5,
  /** Not in the spec: clips up to this estimated length are free; longer ones may count against the plan's minutes. */
  freeSecondsPerClip: 60,
  /** Not in the spec: synthesis that takes longer than this is abandoned. */
  synthesisTimeoutMs: 120_000,
  /** The sentence a voice speaks when previewed and has no recorded sample. */
  previewSentence: 'Hello, and welcome to the show. This is how I sound reading your script.',
} as const;

/** Spec 000 §8 and §9: at most one toast is visible at a time. */
export const TOASTS_VISIBLE = 1;

/**
 * Every 429 carries Retry-After (issue 35): the seconds left in the refusing window when the limiter
 * knows them, else this (a minute, the shortest window of the fair-use limits).
 */
export const RETRY_AFTER_DEFAULT_SECONDS = 60;

/** AI text requests (issue 4): not in the spec, a fair-use bound per user that answers 429 past it. */
export const AI_TEXT_RATE = {
  maxRequestsPerWindow: 30,
  windowMs: 60_000,
} as const;

/**
 * Requests that make the server fetch an address a user gave (issue 14): RSS preview, RSS import,
 * the admin's music import by URL. Not in the spec: counted per user and per instance in one window,
 * so the instance cannot be used to hammer other servers; past either bound the answer is a 429.
 */
export const OUTBOUND_FETCH_RATE = {
  windowMs: 60_000,
  limits: {
    'rss-preview': { perUser: 10, perInstance: 120 },
    'rss-import': { perUser: 5, perInstance: 60 },
    'music-import': { perUser: 10, perInstance: 60 },
  },
} as const;
export type TOutboundFetchKind = keyof typeof OUTBOUND_FETCH_RATE.limits;

/** RSS import (spec 001 sections 5 and 9, issue 9). */
export const RSS_IMPORT = {
  /** 'RSS import previews the newest five episodes.' */
  previewCount: 5,
  /** 'A host containing the hosting provider's domain is treated as a provider feed.' */
  spreakerDomain: 'spreaker.com',
  /** 'External audio is mirrored locally for seven days.' */
  mirrorRetentionDays: 7,
  /** Not in the spec: redirects followed per fetch, each hop re-checked. */
  maxRedirects: 5,
  /** Not in the spec: the largest feed document accepted (the biggest real feeds are a few MB). */
  feedMaxBytes: 20 * 1024 * 1024,
  /** Not in the spec: time for the whole feed fetch (DNS, redirects, body). */
  feedDeadlineMs: 20_000,
  /** Not in the spec: one mirrored episode's audio. */
  audioMaxBytes: 1024 * 1024 * 1024,
  audioDeadlineMs: 30 * 60 * 1000,
  /** Not in the spec: show artwork (Apple caps it at 3000x3000; 15 MB like an uploaded cover). */
  artworkMaxBytes: 15 * 1024 * 1024,
  artworkDeadlineMs: 30_000,
  /** Not in the spec: a linked transcript or chapters file. */
  sidecarMaxBytes: 5 * 1024 * 1024,
  sidecarDeadlineMs: 20_000,
  /** Not in the spec: episodes written per transaction; a restart resumes after the last whole batch. */
  importBatchSize: 200,
  /** Not in the spec: a feed with more items than this is refused as unreasonable. */
  maxItems: 20_000,
  /**
   * Not in the spec (issue 14): one import runs at a time per user. An import whose row has not
   * moved for this long (a lost job) no longer counts as running.
   */
  runningStaleAfterMs: 60 * 60 * 1000,
} as const;
