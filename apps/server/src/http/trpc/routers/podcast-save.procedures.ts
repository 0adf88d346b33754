import { z } from 'zod';
import { readPodcastForm, ZCreatePodcastRequest, ZPodcast, ZUpdatePodcastInput } from '@ppp/contracts';
import { coverBytesOf } from '../../rest/show-form.ts';
import { actingIn } from '../init.ts';
import { managesIn } from '../../workspace.ts';
import { showAt } from '../../workspace-rules.ts';

/** The show's fields (JSON in `data`, checked by the schema) and its cover, from createPodcastForm/updatePodcastForm. */
function podcastFormOf<T extends z.ZodType>(schema: T) {
  return z.instanceof(FormData).transform(async (form) => {
    const { data, cover } = readPodcastForm(form);
    return { body: schema.parse(data) as z.output<T>, cover: await coverBytesOf(cover) };
  });
}

/** Twin of POST /api/podcasts/ (multipart): a new show, with or without a cover. */
export const createPodcast = actingIn(managesIn(), podcastFormOf(ZCreatePodcastRequest))
  .output(ZPodcast)
  .mutation(({ ctx, input }) => ctx.services.podcasts.create(ctx.user, input.body, input.cover));

/** Twin of PUT /api/podcasts/{id}: every Edit Podcast field, one path whether or not a new cover is attached. */
export const updatePodcast = actingIn(
  managesIn(showAt()),
  // The show's id at the top, where the workspace rule finds its subject.
  podcastFormOf(ZUpdatePodcastInput).transform(({ body: { id, ...body }, cover }) => ({ id, body, cover })),
)
  .output(ZPodcast)
  .mutation(({ ctx, input }) => ctx.services.podcasts.update(ctx.user, input.id, input.body, input.cover));
