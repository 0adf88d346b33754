import { readFile } from 'node:fs/promises';
import type { Context } from 'hono';
import type { BodyReader } from './route.ts';
import { AppError } from '../../domain/errors.ts';
import { formToUpdateBody } from '../../domain/podcasts/podcast-input.ts';
import { COVER_MAX_BYTES, COVER_MESSAGES } from '../../domain/podcasts/cover-art.ts';
import { streamForm } from '../form-stream.ts';
import { scratchBudgetOf } from '../scratch-budget.ts';
import type { RequestContext } from '../request-context.ts';
import { scratchOf } from './multipart.ts';

export interface ShowForm {
  fields: Record<string, string>;
  cover: Buffer | null;
}

/** A show cover's check as it streams: 15 MB at most. */
export function showCoverGuard(_name: string, bytes: number): void {
  if (bytes > COVER_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', COVER_MESSAGES.tooLarge);
}

const COVER_FIELDS = ['cover_image', 'cover', 'file'];

/**
 * The Create and Edit Podcast forms: text fields plus an optional cover_image file (15 MB at most,
 * streamed to a temporary file and checked as it comes, then read into memory: sharp reads covers
 * from a buffer). A JSON body has no cover.
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
  if (type.includes('application/x-www-form-urlencoded')) {
    const body = await c.req.parseBody();
    const fields = Object.fromEntries(Object.entries(body).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
    return { fields, cover: null, json: null };
  }
  if (!type.includes('multipart/form-data')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart/form-data or JSON body.');
  }
  const ctx = c.get('ctx') as RequestContext;
  const form = await streamForm(c.req.raw, { scratch: scratchOf(ctx), guardFor: () => showCoverGuard, budget: await scratchBudgetOf(ctx) });
  try {
    const file = COVER_FIELDS.map((field) => form.files.find((f) => f.field === field)).find((f) => f !== undefined);
    const cover = file && file.size > 0 ? await readFile(file.path) : null;
    return { fields: Object.fromEntries(form.fields), cover, json: null };
  } finally {
    await form.cleanup();
  }
}

/** A show's cover file (tRPC's FormData input, already on disk) read into memory: 15 MB at most, sharp reads it from a buffer. */
export async function coverBytesOf(file: File | null): Promise<Buffer | null> {
  if (!file || file.size === 0) return null;
  showCoverGuard(file.name, file.size);
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
