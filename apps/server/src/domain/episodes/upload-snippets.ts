import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { enhanceSpeechFile, extractSegment } from '@ppp/audio';
import { EPISODE_HISTORY } from '@ppp/contracts';
import { notFound } from '../errors.ts';
import type { MediaItem } from '../media/media-item.entity.ts';
import { mediaPrefix, type StoragePort } from '../storage/storage.ts';
import type { UrlSigner } from '../storage/url-signer.ts';
import type { EpisodeMediaRepository } from './episode-media.repository.ts';

/** A snippet's file name: lower-case words, digits and dashes, an MP3. */
const SNIPPET_NAME = /^[a-z0-9-]{1,120}\.mp3$/;

export interface SnippetRequest {
  name: string;
  start: number;
  end: number;
  /** The stretch with speech enhancement applied (the A/B preview's enhanced side). */
  enhance?: boolean;
}

export interface UploadSnippetsDeps {
  /** The upload behind a signed snippet URL. */
  media: Pick<EpisodeMediaRepository, 'findMediaById'>;
  storage: StoragePort;
  signer: UrlSigner;
}

const userIdOf = (upload: MediaItem) => (typeof upload.user === 'string' ? upload.user : upload.user.id);
const subjectOf = (uploadId: string, name: string) => `upload-snippet:${uploadId}:${name}`;

/**
 * Review snippets of the wizard (retakes, Intern commands): real audio cut from a main-content upload
 * with @ppp/audio extractSegment, kept under the upload's prefix (deleted with it) and named by what
 * they hold, so a second look reuses them; they leave the server through signed, short-lived URLs.
 */
export class UploadSnippets {
  private readonly deps: UploadSnippetsDeps;
  constructor(deps: UploadSnippetsDeps) {
    this.deps = deps;
  }

  key(upload: MediaItem, name: string): string {
    return `${mediaPrefix(userIdOf(upload), upload.id)}snippets/${name}`;
  }

  /**
   * Cuts the snippets not stored yet (one local copy of the upload for all of them) and answers the
   * names that are there: a snippet that cannot be cut (the upload's file gone or unreadable) is left
   * out, and its context says so with a null URL ('Snippet not available').
   */
  async ensure(upload: MediaItem, requests: readonly SnippetRequest[]): Promise<Set<string>> {
    const ready = new Set<string>();
    const missing: SnippetRequest[] = [];
    for (const request of requests) {
      if (!SNIPPET_NAME.test(request.name)) throw new Error(`bad snippet name ${request.name}`);
      if (await this.deps.storage.stat(this.key(upload, request.name))) ready.add(request.name);
      else missing.push(request);
    }
    if (missing.length === 0) return ready;
    const input = await this.deps.storage.localPath(upload.storageKey).catch(() => null);
    if (!input) return ready;
    const work = await mkdtemp(path.join(tmpdir(), 'ppp-snippet-'));
    try {
      for (const request of missing) {
        const file = path.join(work, request.name);
        const cut = await cutSnippet(input.path, file, request).then(
          () => true,
          () => false,
        );
        if (!cut) continue;
        await this.deps.storage.putFile(this.key(upload, request.name), file);
        ready.add(request.name);
      }
    } finally {
      await input.release();
      await rm(work, { recursive: true, force: true });
    }
    return ready;
  }

  /** Runs fn with a local copy of a stored snippet. */
  async withLocal<T>(upload: MediaItem, name: string, fn: (file: string) => Promise<T>): Promise<T> {
    const local = await this.deps.storage.localPath(this.key(upload, name));
    try {
      return await fn(local.path);
    } finally {
      await local.release();
    }
  }

  /** A relative URL an audio element can play for an hour. */
  async url(upload: MediaItem, name: string): Promise<string> {
    const { expires, signature } = await this.deps.signer.sign(subjectOf(upload.id, name), EPISODE_HISTORY.signedUrlTtlSeconds);
    return `/api/media/${upload.id}/snippets/${name}?expires=${expires}&sig=${signature}`;
  }

  /** The stored key behind a signed URL; 404 for a wrong or expired signature or a snippet never cut. */
  async resolve(uploadId: string, name: string, query: { expires?: string | undefined; sig?: string | undefined }): Promise<string> {
    if (!z.uuid().safeParse(uploadId).success || !SNIPPET_NAME.test(name) || !query.sig || !query.expires) throw notFound();
    const valid = await this.deps.signer.verify({ subject: subjectOf(uploadId, name), expires: Number(query.expires) }, query.sig);
    const upload = valid ? await this.deps.media.findMediaById(uploadId) : null;
    if (!upload) throw notFound();
    return this.key(upload, name);
  }
}

/** Cuts one snippet to file; an enhanced one is cut losslessly first, then enhanced into file. */
async function cutSnippet(input: string, file: string, request: SnippetRequest): Promise<void> {
  if (!request.enhance) return extractSegment(input, file, request.start, request.end);
  const raw = `${file}.wav`;
  try {
    await extractSegment(input, raw, request.start, request.end);
    await enhanceSpeechFile(raw, file);
  } finally {
    await rm(raw, { force: true });
  }
}

/** Milliseconds as a name part. */
export const msPart = (seconds: number) => String(Math.round(seconds * 1000));
