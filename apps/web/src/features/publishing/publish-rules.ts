import {
  PUBLISH_LIMITS,
  defaultScheduleTime,
  scheduleProblem,
  withinUnpublishWindow,
  type TPublishStatus,
  type TShowEpisode,
} from '@ppp/contracts';

/** A Date as the value of <input type="datetime-local"> in the browser's time zone (minutes only). */
export function toLocalInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The picker's suggestion: one hour ahead, rounded up to 5 minutes (spec 001 §5). */
export function defaultScheduleValue(now = new Date()): string {
  return toLocalInputValue(defaultScheduleTime(now));
}

/** The schedule field's error in the spec's words, or null. */
export function scheduleError(value: string, now = new Date()): string | null {
  if (!value) return scheduleProblem(null, now);
  return scheduleProblem(new Date(value), now);
}

/** Sent as visibility unpublished plus UTC ISO without milliseconds and a local string (spec 000 §7). */
export function schedulePayload(value: string, timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone) {
  const at = new Date(value);
  return {
    publish_state: 'unpublished' as const,
    publish_at: at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    publish_at_local: `${value.replace('T', ' ')} ${timeZone}`,
  };
}

type EpisodeLike = Pick<TShowEpisode, 'status' | 'publish_at' | 'publish_state' | 'has_audio'>;

/** Unpublish is offered for scheduled episodes and for those published within the last 24 h (spec 001 §4). */
export function canUnpublish(episode: EpisodeLike, now = new Date()): boolean {
  return withinUnpublishWindow({ status: episode.status, publish_at: episode.publish_at }, now);
}

/** Outside the window the server answers 409; the force option is offered then. */
export function mayForceUnpublish(episode: EpisodeLike): boolean {
  return episode.status === 'published';
}

/** Retry Publish: processed episodes whose publish failed or that need republishing. */
export function canRepublish(episode: EpisodeLike): boolean {
  return episode.status === 'processed' && (episode.publish_state === 'publish_error' || episode.publish_state === 'needs_republish');
}

export function canPublish(episode: EpisodeLike): boolean {
  return (
    episode.has_audio &&
    (episode.status === 'processed' || episode.status === 'scheduled') &&
    episode.publish_state !== 'queued' &&
    episode.publish_state !== 'publishing'
  );
}

/** Whether the status poll can stop: published, a hosting id, or an error (spec 001 §4). */
export function publishSettled(status: Pick<TPublishStatus, 'status' | 'host_episode_id' | 'last_error'>): boolean {
  return status.status === 'published' || status.host_episode_id !== null || status.last_error !== null;
}

/** Polls every 0.6 s for up to 4 s until the publish settles; returns the last status read. */
export async function pollPublishStatus(
  read: () => Promise<TPublishStatus>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<TPublishStatus> {
  const polls = Math.floor(PUBLISH_LIMITS.statusPollMaxMs / PUBLISH_LIMITS.statusPollMs);
  let status = await read();
  for (let i = 0; i < polls && !publishSettled(status); i++) {
    await sleep(PUBLISH_LIMITS.statusPollMs);
    status = await read();
  }
  return status;
}
