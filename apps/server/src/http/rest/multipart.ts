import { createWriteStream, openAsBlob } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import type { Context } from 'hono';
import { z } from 'zod';
import { MEDIA, MEDIA_MESSAGES, ZUploadCategory, type TMediaCategory } from '@ppp/contracts';
import { scratchDir } from '../../config.ts';
import { AppError } from '../../domain/errors.ts';
import type { IncomingFile } from '../../domain/media/media-upload.service.ts';
import { streamForm, uploadScratch, type StreamedFile, type StreamedForm, type StreamFormOptions } from '../form-stream.ts';
import type { RequestContext } from '../request-context.ts';
import { scratchBudgetOf } from '../scratch-budget.ts';
import type { BodyReader } from './route.ts';

export interface UploadForm {
  files: IncomingFile[];
  transcript: IncomingFile | undefined;
  friendlyNames: (string | undefined)[];
  fields: Record<string, string>;
  /** Removes the temporary files that were not moved into storage. */
  cleanup(): Promise<void>;
}

const ZFriendlyNames = z.array(z.string().nullable());
const FILE_FIELDS = new Set(['files', 'files[]', 'file']);

function friendlyNamesOf(value: string | undefined): (string | undefined)[] {
  if (value === undefined || value.trim() === '') return [];
  let names: (string | undefined)[];
  try {
    names = ZFriendlyNames.parse(JSON.parse(value)).map((name) => name ?? undefined);
  } catch {
    throw new AppError('VALIDATION', 'friendly_names must be a JSON array of strings.');
  }
  // Refused here rather than by the column (a 500).
  if (names.some((name) => (name?.trim().length ?? 0) > MEDIA.friendlyNameMaxLength))
    throw new AppError('VALIDATION', MEDIA_MESSAGES.friendlyNameTooLong);
  return names;
}

const incoming = (file: StreamedFile): IncomingFile => ({ path: file.path, name: file.name, size: file.size });

/**
 * An upload form (files repeated, friendly_names as a JSON array, the notify fields, an optional
 * transcript) from a form already streamed to disk; its files are removed when the form is refused.
 */
async function uploadFormFrom(form: StreamedForm): Promise<UploadForm> {
  try {
    const parts = form.files.filter((file) => FILE_FIELDS.has(file.field));
    if (parts.length === 0) throw new AppError('VALIDATION', MEDIA_MESSAGES.selectAudioFile);
    if (parts.length > MEDIA.maxFilesPerUpload) throw new AppError('VALIDATION', `At most ${MEDIA.maxFilesPerUpload} files per upload.`);
    const fields = Object.fromEntries(form.fields);
    const transcript = form.files.find((file) => file.field === 'transcript');
    return {
      files: parts.map(incoming),
      transcript: transcript && incoming(transcript),
      friendlyNames: friendlyNamesOf(form.fields.find(([name]) => name === 'friendly_names')?.[1]),
      fields,
      cleanup: form.cleanup,
    };
  } catch (error) {
    await form.cleanup();
    throw error;
  }
}

/** This server's scratch folder for the files of multipart bodies. */
export const scratchOf = (ctx: RequestContext) => uploadScratch(scratchDir(ctx.services.config));

/**
 * Reads a multipart upload as it streams, each file into a temporary file checked against `guard`
 * chunk by chunk (a file past its limit is refused then and there, nothing of the form kept), so the
 * service probes real bytes and moves them into storage. Nothing of the body is held in memory.
 */
export async function readUploadForm(c: Context, guardFor?: StreamFormOptions['guardFor']): Promise<UploadForm> {
  const ctx = c.get('ctx') as RequestContext;
  return uploadFormFrom(await streamForm(c.req.raw, { scratch: scratchOf(ctx), guardFor, budget: await scratchBudgetOf(ctx) }));
}

/** The files a streamed form put on disk, by the File objects tRPC's FormData input carries. */
const onDisk = new WeakMap<Blob, StreamedFile>();

/** A streamed form as the FormData a tRPC procedure takes: its files are the temporary files themselves, never read into memory. */
export async function formDataOf(form: StreamedForm): Promise<FormData> {
  const data = new FormData();
  for (const [name, value] of form.fields) data.append(name, value);
  for (const file of form.files) {
    const blob = new File([await openAsBlob(file.path)], file.name);
    onDisk.set(blob, file);
    data.append(file.field, blob);
  }
  return data;
}

/** A FormData file as a temporary file: the streamed one itself, or (a FormData built in this process) written out. */
async function streamedFileOf(ctx: RequestContext, field: string, file: File): Promise<StreamedFile> {
  const streamed = onDisk.get(file);
  if (streamed) return streamed;
  const path = await scratchOf(ctx).pathFor('part');
  await pipeline(Readable.fromWeb(file.stream() as WebReadableStream<Uint8Array>), createWriteStream(path));
  return { field, path, name: file.name, size: file.size };
}

/** The same upload form from a tRPC FormData input (streamed to disk by the tRPC endpoint). */
export async function uploadFormOf(ctx: RequestContext, body: FormData): Promise<UploadForm> {
  const form: StreamedForm = {
    fields: [],
    files: [],
    cleanup: async () => void (await Promise.all(form.files.map((file) => rm(file.path, { force: true })))),
  };
  try {
    for (const [name, value] of body.entries()) {
      if (typeof value === 'string') form.fields.push([name, value]);
      else form.files.push(await streamedFileOf(ctx, name, value));
    }
  } catch (error) {
    await form.cleanup();
    throw error;
  }
  return uploadFormFrom(form);
}

/** Runs `use` on the upload form, its temporary files removed afterwards whatever happens. */
export async function withUploadForm<T>(form: UploadForm, use: (form: UploadForm) => Promise<T>): Promise<T> {
  try {
    return await use(form);
  } finally {
    await form.cleanup();
  }
}

/** Checks each file of a form against `category`'s limit as it streams (the category refused at once when closed). */
export const categoryGuard =
  (ctx: RequestContext, category: TMediaCategory): StreamFormOptions['guardFor'] =>
  () =>
    ctx.services.uploads.sizeGuard(category);

/** The upload form as a body reader of a category's files: its text fields are checked by the route, its files removed when they are refused. */
export const uploadBodyOf =
  (categoryOf: (c: Context) => TMediaCategory): BodyReader<UploadForm> =>
  async (c) => {
    const form = await readUploadForm(c, categoryGuard(c.get('ctx') as RequestContext, categoryOf(c)));
    return { fields: form.fields, files: form, discard: form.cleanup };
  };

/** POST /api/media/upload/{category}: the path's category. */
export const readUploadBody = uploadBodyOf((c) => ZUploadCategory.parse(c.req.param('category')));
