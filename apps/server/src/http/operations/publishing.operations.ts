import { ZEpisodeIdInput, ZEpisodePlays, ZPlaysQuery, ZPublishInput, ZPublishStatus, ZShowPlays, ZUnpublishInput } from '@ppp/contracts';
import { activeCall } from '../operation.ts';
import { readsIn, editsIn } from '../workspace.ts';
import { showAt, episodeAt, within } from '../workspace-rules.ts';

/** Publish, schedule, unpublish, republish and plays (spec 001 §4, §7). */
export const publishingOperations = {
  publish: within(
    editsIn(episodeAt()),
    activeCall(ZPublishInput, ZPublishStatus, (services, user, { id, ...body }) => services.publishing.publish(user, id, body)),
  ),
  status: within(
    readsIn(episodeAt()),
    activeCall(ZEpisodeIdInput, ZPublishStatus, (services, user, input) => services.publishing.status(user, input.id)),
  ),
  unpublish: within(
    editsIn(episodeAt()),
    activeCall(ZUnpublishInput, ZPublishStatus, (services, user, input) =>
      services.publishing.unpublish(user, input.id, { force: input.force }),
    ),
  ),
  republish: within(
    editsIn(episodeAt()),
    activeCall(ZEpisodeIdInput, ZPublishStatus, (services, user, input) => services.publishing.republish(user, input.id)),
  ),
  episodePlays: within(
    readsIn(showAt('podcast_id')),
    activeCall(ZPlaysQuery, ZEpisodePlays, (services, user, input) => services.analytics.episodePlays(user, input)),
  ),
  showPlays: within(
    readsIn(showAt('podcast_id')),
    activeCall(ZPlaysQuery, ZShowPlays, (services, user, input) => services.analytics.showPlays(user, input)),
  ),
};
