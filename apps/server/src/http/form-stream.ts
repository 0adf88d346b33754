import { EventEmitter } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Busboy, type BusboyFileStream } from '@fastify/busboy';
import { BODY_LIMITS, MEDIA } from '@ppp/contracts';
import { AppError } from '../domain/errors.ts';
import { ScratchFolder } from '../domain/storage/scratch.ts';
import type { ScratchBudget } from './scratch-budget.ts';

/** A file part of a form, written to a temporary file as it arrived. */
export interface StreamedFile {
  field: string;
  path: string;
  name: string;
  size: number;
}

/** A multipart form read as it streamed: its text fields in memory, its files on disk. */
export interface StreamedForm {
  fields: [string, string][];
  files: StreamedFile[];
  /** Removes the temporary files (those already moved into storage are gone already). */
  cleanup(): Promise<void>;
}

/** Throws the refusal (an AppError in the spec's words) once a file named `name` has reached `bytes`. */
export type SizeGuard = (name: string, bytes: number) => void;

export interface StreamFormOptions {
  /** Where the files go: this process's scratch folder (a crashed server's leftovers go at the next start). */
  scratch: ScratchFolder;
  /** The guard of the next file, from the text fields read so far (a category comes before the files). */
  guardFor?: (fields: ReadonlyMap<string, string>) => SizeGuard | undefined | Promise<SizeGuard | undefined>;
  /** The user's bytes on the scratch disk: every file byte is counted before it is written, and given back once the files are removed. */
  budget?: ScratchBudget | undefined;
}

/** Files of one form: every file of an upload call, and a transcript beside them. */
const MAX_FILES = MEDIA.maxFilesPerUpload + 1;
const MAX_FIELDS = 50;

const scratchFolders = new Map<string, ScratchFolder>();

/** The one scratch folder of this process under a root (made on first use). */
export function uploadScratch(root: string): ScratchFolder {
  let folder = scratchFolders.get(root);
  if (!folder) {
    folder = new ScratchFolder(root);
    scratchFolders.set(root, folder);
  }
  return folder;
}

/** Counts a file's bytes as they pass and lets the guard (or the user's budget) refuse it mid-stream. */
function guarded(name: string, guard: SizeGuard | undefined, budget: ScratchBudget | undefined, sized: (bytes: number) => void): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      sized(bytes);
      try {
        guard?.(name, bytes);
        budget?.take(chunk.length);
        done(null, chunk);
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/** The first reason a form stopped; `stopped` is told once, so whoever waits on the parser stops waiting. */
function stopper(stopped: EventEmitter, onStop: () => void = () => undefined) {
  let reason: unknown = null;
  return {
    get reason() {
      return reason;
    },
    fail(error: unknown) {
      if (reason) return;
      reason = error;
      onStop();
      stopped.emit('stop');
    },
  };
}

/** Waits for an event of the parser, or for the form to stop; its listeners go with it (a long upload waits thousands of times). */
function until(emitter: EventEmitter, event: string, stopped: EventEmitter): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      emitter.off(event, done);
      stopped.off('stop', done);
      resolve();
    };
    emitter.on(event, done);
    stopped.on('stop', done);
  });
}

const malformed = () => new AppError('BAD_REQUEST', 'Malformed multipart/form-data body.');

/**
 * Reads a multipart body as it streams (busboy): text fields kept in memory (each at most a JSON
 * body's size), each file written to a temporary file with its guard checked on every chunk, so a
 * file past its limit is refused the moment it passes it and nothing more of it is written.
 *
 * A refused form (a file too large, too many files) has its files removed at once and the rest of
 * its body read and dropped before the refusal is thrown, so a client still sending gets the answer
 * (the body's own limit still ends that). A body that cannot be read further (past the route's
 * limit, malformed, the connection dropped) ends the reading at once, its files removed; its
 * source is left unread rather than cancelled, so the refusal still reaches the client.
 */
export async function streamForm(req: Request, options: StreamFormOptions): Promise<StreamedForm> {
  const busboy = openParser(req);
  const reader = req.body?.getReader();
  if (!reader) throw malformed();
  const form = formState(reader, options.budget);
  onParts(busboy, form, options);
  try {
    await readBody(reader, busboy, form);
    return { fields: form.entries, files: form.files, cleanup: form.cleanup };
  } catch (error) {
    busboy.destroy();
    await form.dropping;
    await form.dropFiles();
    throw error;
  } finally {
    reader.releaseLock();
  }
}

/** A multipart parser for the request's body, with the form's limits; anything else is refused. */
function openParser(req: Request): ReturnType<typeof Busboy> {
  const type = req.headers.get('content-type') ?? '';
  if (!type.includes('multipart/form-data')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart/form-data body.');
  try {
    return Busboy({
      headers: { 'content-type': type },
      limits: { files: MAX_FILES, fields: MAX_FIELDS, fieldSize: BODY_LIMITS.jsonBytes },
    });
  } catch {
    throw malformed();
  }
}

/** What one form's reading shares: its fields and files so far, the writes under way, and why it stopped. */
function formState(reader: ReadableStreamDefaultReader<Uint8Array>, budget: ScratchBudget | undefined) {
  const stopped = new EventEmitter();
  const files: StreamedFile[] = [];
  const writes: Promise<void>[] = [];
  const open = new Set<BusboyFileStream>();
  const cleanup = async () => {
    await Promise.all(files.map((file) => (file.path ? rm(file.path, { force: true }) : undefined)));
    budget?.release();
  };
  return {
    stopped,
    refused: stopper(stopped),
    // A body that cannot be read further: the pending read is let go at once.
    broken: stopper(stopped, () => reader.releaseLock()),
    fields: new Map<string, string>(),
    entries: [] as [string, string][],
    files,
    writes,
    open,
    /** Set once a refused form's files are being dropped while the rest of its body is read. */
    dropping: null as Promise<void> | null,
    cleanup,
    // Every file still being written stops (its pipeline fails), then what was written goes.
    dropFiles: async () => {
      for (const stream of open) stream.destroy();
      await Promise.all(writes);
      await cleanup();
    },
  };
}
type FormState = ReturnType<typeof formState>;

/** A file's write failed: the form is refused (the guard's AppError), or broken (the disk, or the body cut short). */
function failedWrite(form: FormState, error: unknown): void {
  const { refused, broken } = form;
  // Once the form stopped, its files are destroyed on purpose: nothing more to say.
  if (refused.reason || broken.reason) return;
  if (error instanceof AppError) refused.fail(error);
  // The disk failed (full, unwritable): a server error, as it is.
  else if ((error as NodeJS.ErrnoException | null)?.syscall) broken.fail(error);
  // The parser ended the part early (the body cut short): a malformed form.
  else broken.fail(malformed());
}

/** Keeps each text field, writes each file to the scratch folder through its guard, and stops at the form's limits. */
function onParts(busboy: ReturnType<typeof Busboy>, form: FormState, options: StreamFormOptions): void {
  const { refused, broken, fields, files } = form;
  busboy.on('field', (name, value, _nameTruncated, valueTruncated) => {
    if (valueTruncated) return refused.fail(new AppError('PAYLOAD_TOO_LARGE', BODY_LIMITS.tooLargeMessage));
    form.entries.push([name, value]);
    if (!fields.has(name)) fields.set(name, value);
  });
  busboy.on('file', (field: string, stream: BusboyFileStream, filename: string | undefined) => {
    const file: StreamedFile = { field, path: '', name: filename || `upload-${files.length + 1}`, size: 0 };
    files.push(file);
    form.open.add(stream);
    const write = (async () => {
      const guard = await options.guardFor?.(fields);
      if (refused.reason || broken.reason) return;
      file.path = await options.scratch.pathFor('part');
      await pipeline(
        stream,
        guarded(file.name, guard, options.budget, (bytes) => (file.size = bytes)),
        createWriteStream(file.path),
      );
    })();
    form.writes.push(write.catch((error: unknown) => failedWrite(form, error)).finally(() => form.open.delete(stream)));
  });
  busboy.on('filesLimit', () => refused.fail(new AppError('VALIDATION', `At most ${MEDIA.maxFilesPerUpload} files per upload.`)));
  busboy.on('fieldsLimit', () => refused.fail(new AppError('VALIDATION', `At most ${MAX_FIELDS} form fields.`)));
  // Once refused, nothing more is parsed: what the parser says then changes nothing.
  busboy.on('error', () => (refused.reason ? undefined : broken.fail(malformed())));
}

/** Feeds the body to the parser (a refused form's rest is read and dropped), waits for its files, and throws why it stopped. */
async function readBody(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  busboy: ReturnType<typeof Busboy>,
  form: FormState,
): Promise<void> {
  const { refused, broken, stopped } = form;
  for (;;) {
    const { done, value } = await reader.read().catch((error: unknown) => {
      throw broken.reason ?? error;
    });
    if (done) break;
    if (refused.reason) {
      form.dropping ??= form.dropFiles();
      continue;
    }
    if (!busboy.write(Buffer.from(value.buffer, value.byteOffset, value.byteLength))) await until(busboy, 'drain', stopped);
  }
  if (!refused.reason) {
    const finished = until(busboy, 'finish', stopped);
    busboy.end();
    await finished;
    await Promise.all(form.writes);
  }
  if (refused.reason || broken.reason) throw refused.reason ?? broken.reason;
}
