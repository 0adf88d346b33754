import type { z } from 'zod';
import { PODCAST_MESSAGES, type ZUpdatePodcastRequest, type TAppleCategory } from '@ppp/contracts';
import { AppError } from '../errors.ts';
import { decodeCategory } from './podcast.dto.ts';

const BOOLEAN_FIELDS = ['explicit', 'locked', 'allow_spreaker_id_change'] as const;
const CATEGORY_FIELDS = ['category', 'category_2', 'category_3'] as const;

/**
 * A multipart Edit Podcast form is all strings: booleans arrive as 'true'/'false', categories as
 * JSON objects or 'Arts > Books', empty fields as ''. This turns it into the JSON shape.
 */
export function formToUpdateBody(fields: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...fields };
  for (const key of BOOLEAN_FIELDS) {
    if (key in fields) body[key] = fields[key] === 'true' || fields[key] === '1' || fields[key] === 'on';
  }
  for (const key of CATEGORY_FIELDS) {
    const value = fields[key];
    if (value === undefined) continue;
    if (value.trim() === '' || value === 'null') body[key] = null;
    else if (value.trim().startsWith('{')) body[key] = JSON.parse(value) as unknown;
    else body[key] = knownCategory(value);
  }
  for (const key of ['website_url', 'spreaker_show_id'] as const) {
    if (fields[key] !== undefined && fields[key].trim() === '') body[key] = null;
  }
  return body;
}

/** A category string ('Arts' or 'Arts > Books') that must name one of Apple Podcasts' categories (422 otherwise, never stored as none). */
function knownCategory(value: string): TAppleCategory {
  const category = decodeCategory(value.trim());
  if (!category) throw new AppError('VALIDATION', PODCAST_MESSAGES.unknownCategory(value.trim()));
  return category;
}

/**
 * The PUT body with spec-style category_id strings folded into the category objects. A category left
 * out (neither the object nor its id) stays undefined: the show keeps it.
 */
export function foldCategoryIds(body: z.output<typeof ZUpdatePodcastRequest>) {
  const pick = (object: TAppleCategory | null | undefined, id: string | null | undefined): TAppleCategory | null | undefined => {
    if (object) return object;
    // The Edit dialog sends the id beside an empty object: the id says what to keep.
    if (id !== undefined) return id === null || id.trim() === '' ? null : knownCategory(id);
    return object;
  };
  return {
    ...body,
    category: pick(body.category, body.category_id),
    category_2: pick(body.category_2, body.category_2_id),
    category_3: pick(body.category_3, body.category_3_id),
  };
}
