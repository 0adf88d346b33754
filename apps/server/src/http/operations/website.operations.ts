import {
  ZWebsite,
  ZWebsiteChatRequest,
  ZWebsiteChatResponse,
  ZWebsiteDomainRequest,
  ZWebsitePodcastInput,
  ZWebsiteVersionInput,
  ZWebsiteVersionList,
} from '@ppp/contracts';
import { operation } from '../operation.ts';

/** The website builder (spec 002 §2.13, §7 'Website builder'): the owner's calls, one service call each; others get 404. */
export const websiteOperations = {
  get: operation({
    access: 'active',
    input: ZWebsitePodcastInput,
    output: ZWebsite,
    run: (ctx, input) => ctx.services.websites.get(ctx.user, input.podcast_id),
  }),
  generate: operation({
    access: 'active',
    input: ZWebsitePodcastInput,
    output: ZWebsite,
    run: (ctx, input) => ctx.services.websites.generate(ctx.user, input.podcast_id),
  }),
  chat: operation({
    access: 'active',
    input: ZWebsitePodcastInput.extend(ZWebsiteChatRequest.shape),
    output: ZWebsiteChatResponse,
    run: (ctx, input) => ctx.services.websites.chat(ctx.user, input.podcast_id, { message: input.message }),
  }),
  setDomain: operation({
    access: 'active',
    input: ZWebsitePodcastInput.extend(ZWebsiteDomainRequest.shape),
    output: ZWebsite,
    run: (ctx, input) => ctx.services.websites.setDomain(ctx.user, input.podcast_id, { custom_domain: input.custom_domain }),
  }),
  publish: operation({
    access: 'active',
    input: ZWebsitePodcastInput,
    output: ZWebsite,
    run: (ctx, input) => ctx.services.websites.publish(ctx.user, input.podcast_id),
  }),
  versions: operation({
    access: 'active',
    input: ZWebsitePodcastInput,
    output: ZWebsiteVersionList,
    run: (ctx, input) => ctx.services.websites.versions(ctx.user, input.podcast_id),
  }),
  undo: operation({
    access: 'active',
    input: ZWebsitePodcastInput,
    output: ZWebsite,
    run: (ctx, input) => ctx.services.websites.undo(ctx.user, input.podcast_id),
  }),
  restore: operation({
    access: 'active',
    input: ZWebsiteVersionInput,
    output: ZWebsite,
    run: (ctx, input) => ctx.services.websites.restore(ctx.user, input.podcast_id, input.version),
  }),
};
