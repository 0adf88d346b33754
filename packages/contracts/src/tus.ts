/**
 * The tus 1.0 protocol as the server speaks it at /files/ (issue 36): the media item a finished
 * upload became is named by a response header (the PATCH that completes it answers 204, as tus
 * says), a finished upload answers HEAD complete for a day so a client whose last answer was lost
 * finds it done, and a chunk may carry a SHA-1 checksum (the checksum extension).
 */
export const TUS_PROTOCOL = {
  /** The response header naming the media item a finished upload became (exposed to browsers by CORS). */
  mediaIdHeader: 'Upload-Media-Id',
  /** How long a finished upload answers HEAD with its whole length (the expiration extension's promise). */
  finishedKeptHours: 24,
  /** The checksum extension's algorithms (Tus-Checksum-Algorithm). */
  checksumAlgorithms: ['sha1'],
  /** tus's own status for a chunk whose checksum does not match its bytes (nothing of it is kept). */
  checksumMismatchStatus: 460,
} as const;

export const TUS_MESSAGES = {
  checksumMismatch: 'The chunk does not match its Upload-Checksum; nothing of it was kept.',
  checksumUnsupported: 'Upload-Checksum must be "sha1 <base64 digest>".',
  finishedNotTerminated: 'The upload is finished; it became a media item and is not terminated.',
} as const;

/**
 * Issue 35: storage outages. The tus endpoint answers 503 with Retry-After (never 404) while the
 * bucket cannot be reached; the web app's uploader retries at least STORAGE_OUTAGE.clientRetryMs
 * with backoff and says storageUnavailable, never the storage's own address.
 */
export const STORAGE_OUTAGE = {
  retryAfterSeconds: 5,
  /** The uploader's waits between tries (ms): 1 s doubling to 15 s, then every 15 s: about 2.5 minutes in all. */
  clientRetryDelaysMs: [1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000, 15_000, 15_000, 15_000, 15_000, 15_000],
  clientRetryMs: 120_000,
} as const;
export const STORAGE_MESSAGES = {
  unavailable: 'Storage is unavailable; retrying…',
} as const;
