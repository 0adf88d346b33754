import { withinUnpublishWindow, type TPublishStatus, type TShowEpisode } from '@ppp/contracts';

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
