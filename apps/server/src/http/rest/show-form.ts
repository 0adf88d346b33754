import type { Context } from 'hono';
import type { BodyReader } from './route.ts';
import { AppError } from '../../domain/errors.ts';
import { formToUpdateBody } from '../../domain/podcasts/podcast-input.ts';
import { COVER_MAX_BYTES, COVER_MESSAGES } from '../../domain/podcasts/cover-art.ts';

export interface ShowForm {
  fields: Record<string, string>;
  cover: Buffer | null;
}

/**
 * The Create and Edit Podcast forms: text fields plus an optional cover_image file (15 MB at most,
 * read into memory: covers are small, and sharp reads them from a buffer). A JSON body has no cover.
 */
async function readShowForm(c: Context): Promise<ShowForm & { json: unknown | null }> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    try {
      return { fields: {}, cover: null, json: JSON.parse(await c.req.text()) as unknown };
    } catch {
      throw new AppError('BAD_REQUEST', 'Request body is not valid JSON.');
    }
  }
  if (!type.includes('multipart/form-data') && !type.includes('application/x-www-form-urlencoded')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart/form-data or JSON body.');
  }
  const body = await c.req.parseBody();
  const fields = Object.fromEntries(Object.entries(body).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
  const file = body.cover_image ?? body.cover ?? body.file;
  return { fields, cover: await coverBytesOf(file instanceof File ? file : null), json: null };
}

/** A show's cover file read into memory (15 MB at most: covers are small, and sharp reads them from a buffer). */
export async function coverBytesOf(file: File | null): Promise<Buffer | null> {
  if (!file || file.size === 0) return null;
  if (file.size > COVER_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', COVER_MESSAGES.tooLarge);
  return Buffer.from(await file.arrayBuffer());
}

/** The Create Podcast body: JSON, or the form's strings turned into the JSON shape; the cover beside them. */
export const readCreateShowForm: BodyReader<Buffer | null> = async (c) => {
  const form = await readShowForm(c);
  return { fields: form.json ?? formToUpdateBody(form.fields), files: form.cover };
};

/** The Edit Podcast body: JSON, or the form's strings turned into the JSON shape; the cover beside them. */
export const readEditShowForm: BodyReader<Buffer | null> = async (c) => {
  const form = await readShowForm(c);
  return { fields: form.json ?? formToUpdateBody(form.fields), files: form.cover };
};
