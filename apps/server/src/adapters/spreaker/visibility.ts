import type { TVisibility } from '@ppp/contracts';
import { toSpreakerDate } from './spreaker-types.ts';

/**
 * How the product's publish states map onto Spreaker. Spreaker's API has no visibility enum and no
 * unpublish call; an episode has only a `hidden` flag (true = private: not in the show's feed or
 * listings, playable by its private link) and an optional `auto_published_at` time at which
 * Spreaker publishes it by itself.
 *
 * | product                              | Spreaker                                                      |
 * |--------------------------------------|---------------------------------------------------------------|
 * | publish now, visibility public       | upload with hidden=false and no auto_published_at             |
 * | publish now, visibility unpublished  | upload with hidden=true (private on Spreaker)                 |
 * | publish now, visibility limited      | upload with hidden=true: Spreaker has no unlisted state, so   |
 * |                                      | private-with-link is the closest; we keep 'limited' ourselves |
 * | schedule (unpublished + publish_at)  | upload with hidden=false and auto_published_at = publish_at   |
 * |                                      | as 'YYYY-MM-DD HH:MM:SS' UTC; Spreaker releases it then       |
 * | visibility change on a live episode  | POST /v2/episodes/{id} with hidden=true/false                 |
 * | move a schedule, or publish a        | DELETE /v2/episodes/{id}, then a fresh upload (the product    |
 * |  scheduled episode now               | never edits auto_published_at in place)                       |
 * | draft                                | nothing is sent to Spreaker                                   |
 * | unpublish (scheduled, or published   | DELETE /v2/episodes/{id}; the hosting id is cleared (spec 001 |
 * |  within 24 h, or forced)             | §4), so republish uploads the audio again as a new episode    |
 * | republish                            | a fresh upload, as "publish now" with the stored visibility   |
 */
export interface SpreakerPublishFields {
  hidden: boolean;
  /** Omitted when publishing now. */
  auto_published_at?: string;
}

export function spreakerPublishFields(visibility: TVisibility, publishAt: Date | null, now: Date): SpreakerPublishFields {
  if (publishAt && publishAt.getTime() > now.getTime()) {
    return { hidden: false, auto_published_at: toSpreakerDate(publishAt) };
  }
  return { hidden: visibility !== 'public' };
}
