import { WAY_FORWARD_COPY, feedFixPath, type TFeedCheck } from '@ppp/contracts';
import { showLinkedToHost, type DetailsDraft } from './details-rules.ts';

/** Why Assemble is held back for Publish now / Schedule, and where it is fixed. */
export interface PublishHold {
  /** What would fail after the render: the server's feed-check errors, or the host link. */
  problems: string[];
  fixPath: string;
}

/**
 * Issue 37: publishing that would fail after the render holds Assemble back for Publish now and
 * Schedule (Save as draft stays open). The rule is the server's feed check, the one the publish job
 * and Publish All apply (GET /api/podcasts/{id}/feed-check), plus a Spreaker show not linked yet;
 * while either is still loading nothing is held (the server still decides).
 */
export function publishHold(
  mode: DetailsDraft['publishMode'],
  podcastId: string,
  show: { host_kind: string; spreaker_show_id: string | null } | null | undefined,
  feedCheck: TFeedCheck | null,
): PublishHold | null {
  if (mode === 'draft' || !show || !podcastId) return null;
  if (!showLinkedToHost(show)) return { problems: [WAY_FORWARD_COPY.hostNotLinked], fixPath: feedFixPath(podcastId, 'show_details') };
  if (!feedCheck || feedCheck.ready) return null;
  const errors = feedCheck.items.filter((item) => item.severity === 'error');
  const first = errors[0];
  if (!first) return null;
  return { problems: errors.map((item) => item.message), fixPath: feedFixPath(podcastId, first.fix) };
}
