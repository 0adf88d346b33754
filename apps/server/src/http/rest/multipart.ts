import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Context } from 'hono';
import { z } from 'zod';
import { MEDIA, MEDIA_MESSAGES } from '@ppp/contracts';
import { AppError } from '../../domain/errors.ts';
import type { IncomingFile } from '../../domain/media/media-upload.service.ts';
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

function filesOf(value: unknown): File[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter((entry): entry is File => entry instanceof File);
}

function friendlyNamesOf(value: unknown): (string | undefined)[] {
  if (typeof value !== 'string' || value.trim() === '') return [];
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

async function saveFile(dir: string, file: File, index: number): Promise<IncomingFile> {
  const dest = path.join(dir, `part-${index}`);
  await pipeline(Readable.fromWeb(file.stream() as WebReadableStream<Uint8Array>), createWriteStream(dest));
  return { path: dest, name: file.name || `upload-${index + 1}`, size: file.size };
}

/**
 * Reads a multipart upload (files repeated, friendly_names as a JSON array, the notify fields, an
 * optional transcript) into temporary files, so the service probes real bytes and moves them into storage.
 */
export async function readUploadForm(c: Context): Promise<UploadForm> {
  if (!(c.req.header('content-type') ?? '').includes('multipart/form-data')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart/form-data body.');
  }
  return uploadFormOf(await c.req.formData());
}

/** The same, from a form already read (tRPC's FormData inputs). */
export async function uploadFormOf(body: FormData): Promise<UploadForm> {
  const parts = [...filesOf(body.getAll('files')), ...filesOf(body.getAll('files[]')), ...filesOf(body.getAll('file'))];
  if (parts.length === 0) throw new AppError('VALIDATION', MEDIA_MESSAGES.selectAudioFile);
  if (parts.length > MEDIA.maxFilesPerUpload) throw new AppError('VALIDATION', `At most ${MEDIA.maxFilesPerUpload} files per upload.`);
  const fields = Object.fromEntries([...body.entries()].flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
  const friendlyNames = friendlyNamesOf(body.get('friendly_names'));
  const dir = await mkdtemp(path.join(tmpdir(), 'ppp-upload-'));
  try {
    const files: IncomingFile[] = [];
    for (const [i, part] of parts.entries()) files.push(await saveFile(dir, part, i));
    const [transcriptPart] = filesOf(body.getAll('transcript'));
    const transcript = transcriptPart ? await saveFile(dir, transcriptPart, parts.length) : undefined;
    return { files, transcript, friendlyNames, fields, cleanup: () => rm(dir, { recursive: true, force: true }) };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Runs `use` on the upload form, its temporary files removed afterwards whatever happens. */
export async function withUploadForm<T>(form: UploadForm, use: (form: UploadForm) => Promise<T>): Promise<T> {
  try {
    return await use(form);
  } finally {
    await form.cleanup();
  }
}

/** The upload form as a body reader: its text fields are checked by the route, its files removed when they are refused. */
export const readUploadBody: BodyReader<UploadForm> = async (c) => {
  const form = await readUploadForm(c);
  return { fields: form.fields, files: form, discard: form.cleanup };
};
