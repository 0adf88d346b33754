/**
 * How long an episode marked 'queued' is left alone before a later run may take it again when no
 * publish.episode job exists for it: the run that marked it died before sending its job (a marked
 * episode whose job was sent is never taken again while that job lives).
 */
export const PUBLISH_MARK_LEASE_MS = 2 * 60_000;
