import { ZEpisodeIdInput, ZEpisodePlays, ZPlaysQuery, ZPublishInput, ZPublishStatus, ZShowPlays, ZUnpublishInput } from '@ppp/contracts';
import { activeCall } from '../operation.ts';

/** Publish, schedule, unpublish, republish and plays (spec 001 §4, §7). */
export const publishingOperations = {
  publish: activeCall(ZPublishInput, ZPublishStatus, (services, user, { id, ...body }) => services.publishing.publish(user, id, body)),
  status: activeCall(ZEpisodeIdInput, ZPublishStatus, (services, user, input) => services.publishing.status(user, input.id)),
  unpublish: activeCall(ZUnpublishInput, ZPublishStatus, (services, user, input) =>
    services.publishing.unpublish(user, input.id, { force: input.force }),
  ),
  republish: activeCall(ZEpisodeIdInput, ZPublishStatus, (services, user, input) => services.publishing.republish(user, input.id)),
  episodePlays: activeCall(ZPlaysQuery, ZEpisodePlays, (services, user, input) => services.analytics.episodePlays(user, input)),
  showPlays: activeCall(ZPlaysQuery, ZShowPlays, (services, user, input) => services.analytics.showPlays(user, input)),
};
