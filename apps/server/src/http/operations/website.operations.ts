import {
  ZWebsite,
  ZWebsiteChatRequest,
  ZWebsiteChatResponse,
  ZWebsiteDomainRequest,
  ZWebsitePodcastInput,
  ZWebsiteVersionInput,
  ZWebsiteVersionList,
} from '@ppp/contracts';
import type { z } from 'zod';
import type { Services } from '../../domain/services.ts';
import type { User } from '../../domain/users/user.entity.ts';
import { activeCall, operation } from '../operation.ts';
import { readsIn, managesIn } from '../workspace.ts';
import { showAt, within } from '../workspace-rules.ts';

/** A call on the site of one of the caller's shows (podcast_id): `run` gets the website service, the caller and the show's id. */
function onSite<Out extends z.ZodType>(
  output: Out,
  run: (sites: Services['websites'], user: User, podcastId: string) => Promise<z.input<Out>>,
) {
  return operation({
    access: 'active',
    input: ZWebsitePodcastInput,
    output,
    run: (ctx, input) => run(ctx.services.websites, ctx.user, input.podcast_id),
  });
}

/** The website builder (spec 002 §2.13, §7 'Website builder'): the owner's calls, one service call each; others get 404. */
export const websiteOperations = {
  get: within(
    readsIn(showAt('podcast_id')),
    onSite(ZWebsite, (sites, user, id) => sites.get(user, id)),
  ),
  generate: within(
    managesIn(showAt('podcast_id')),
    onSite(ZWebsite, (sites, user, id) => sites.generate(user, id)),
  ),
  chat: within(
    managesIn(showAt('podcast_id')),
    activeCall(ZWebsitePodcastInput.extend(ZWebsiteChatRequest.shape), ZWebsiteChatResponse, (services, user, input) =>
      services.websites.chat(user, input.podcast_id, { message: input.message }),
    ),
  ),
  setDomain: within(
    managesIn(showAt('podcast_id')),
    activeCall(ZWebsitePodcastInput.extend(ZWebsiteDomainRequest.shape), ZWebsite, (services, user, input) =>
      services.websites.setDomain(user, input.podcast_id, { custom_domain: input.custom_domain }),
    ),
  ),
  verifyDomain: within(
    managesIn(showAt('podcast_id')),
    onSite(ZWebsite, (sites, user, id) => sites.verifyDomain(user, id)),
  ),
  publish: within(
    managesIn(showAt('podcast_id')),
    onSite(ZWebsite, (sites, user, id) => sites.publish(user, id)),
  ),
  versions: within(
    readsIn(showAt('podcast_id')),
    onSite(ZWebsiteVersionList, (sites, user, id) => sites.versions(user, id)),
  ),
  undo: within(
    managesIn(showAt('podcast_id')),
    onSite(ZWebsite, (sites, user, id) => sites.undo(user, id)),
  ),
  restore: within(
    managesIn(showAt('podcast_id')),
    activeCall(ZWebsiteVersionInput, ZWebsite, (services, user, input) => services.websites.restore(user, input.podcast_id, input.version)),
  ),
};
