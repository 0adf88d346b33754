import { useEffect, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { PUBLISH_LIMITS, PUBLISH_MESSAGES } from '@ppp/contracts';
import { toApiFailure } from '../../lib/api-error.ts';
import { trpc } from '../../lib/trpc.ts';
import { followsPublishAll, publishAllText } from './show-form.ts';

/**
 * A show card's episode summary and its Publish All. After Publish All the jobs publish in the
 * background: the summary (and the episode list) follow them for a while.
 */
export function useShowPublishAll(showId: string) {
  const [followUntil, setFollowUntil] = useState(0);
  const summary = trpc.podcasts.summary.useQuery(
    { id: showId },
    { refetchInterval: (query) => (followsPublishAll(followUntil, query.state.data) ? PUBLISH_LIMITS.publishAllPollMs : false) },
  );
  const utils = trpc.useUtils();
  const publishAll = trpc.podcasts.publishAll.useMutation();
  useEffect(() => {
    if (Date.now() < followUntil) void utils.podcasts.episodes.invalidate({ id: showId });
  }, [summary.dataUpdatedAt, followUntil, showId, utils]);

  async function publishEveryDraft() {
    try {
      const result = await publishAll.mutateAsync({ id: showId });
      notifications.show({ color: result.errors.length > 0 ? 'orange' : 'green', title: 'Publish All', message: publishAllText(result) });
    } catch (err) {
      notifications.show({
        color: 'red',
        title: PUBLISH_MESSAGES.publishAllFailed,
        message: toApiFailure(err).message ?? PUBLISH_MESSAGES.publishAllFailed,
      });
    } finally {
      setFollowUntil(Date.now() + PUBLISH_LIMITS.publishAllFollowMs);
      await Promise.all([utils.podcasts.summary.invalidate({ id: showId }), utils.podcasts.episodes.invalidate({ id: showId })]);
    }
  }

  const drafts = summary.data?.drafts ?? 0;
  return {
    summary: summary.data,
    drafts,
    canPublishAll: drafts >= PUBLISH_LIMITS.publishAllMin,
    publishEveryDraft,
    publishingAll: publishAll.isPending,
  };
}
