/**
 * File inputs over tRPC (FormData through the split link, as the web app sends them), with two users:
 * shows created and edited with or without a cover on one path, library clips, cover images and a
 * supplied transcript, each answered by the same service as its REST twin; bad input changes nothing.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { TRPCClientError } from '@trpc/client';
import {
  coverUploadForm,
  createPodcastForm,
  mediaUploadForm,
  PODCAST_MESSAGES,
  transcriptUploadForm,
  updatePodcastForm,
} from '@ppp/contracts';
import { closeApiBed, startUsersBed } from '../support/api-bed.ts';
import { pngFile, sha256, tempDir, toneFile } from '../support/audio-files.ts';
import { type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;
let a: { token: string };
let b: { token: string };
let storage: { dir: string; remove: () => void };
let files: { dir: string; remove: () => void };

const png = () => new Blob([readFileSync(pngFile(files.dir))], { type: 'image/png' });

/** The HTTP status of a refused call. */
async function statusOf(call: Promise<unknown>): Promise<number | null> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  return err instanceof TRPCClientError ? ((err.data as { httpStatus?: number } | undefined)?.httpStatus ?? null) : null;
}

beforeAll(async () => {
  files = tempDir('ppp-formdata-files-');
  ({ orm, api, storage, admin: a, user: b } = await startUsersBed('ppp-formdata-storage-'));
});
afterAll(async () => {
  await closeApiBed({ api, orm, storage });
  files?.remove();
});

describe('podcasts.create and podcasts.update', () => {
  it('create a show with or without a cover, and edit it on one path whether a cover is attached or not', async () => {
    const trpc = api.trpc(a.token);
    const plain = await trpc.podcasts.create.mutate(createPodcastForm({ name: 'Plain Show', description: 'No cover' }, null));
    expect(plain).toMatchObject({ name: 'Plain Show', description: 'No cover', cover_url: null });
    const covered = await trpc.podcasts.create.mutate(createPodcastForm({ name: 'Covered Show' }, png()));
    expect(covered.cover_url).toMatch(/\/feeds\/.+\/cover\.png\?v=/);

    const fields = { id: plain.id, name: 'Plain Show Edited', description: 'Still plain', language: 'de' as const, explicit: true };
    const edited = await trpc.podcasts.update.mutate(updatePodcastForm(fields, null));
    expect(edited).toMatchObject({ name: 'Plain Show Edited', language: 'de', explicit: true, cover_url: null });
    const withCover = await trpc.podcasts.update.mutate(updatePodcastForm({ ...fields, name: 'Now With Cover' }, png()));
    expect(withCover).toMatchObject({ name: 'Now With Cover', language: 'de' });
    const url = new URL(withCover.cover_url ?? '');
    const cover = await fetch(`${api.baseUrl}${url.pathname}${url.search}`);
    expect(cover.headers.get('content-type')).toBe('image/png');
    expect(sha256(Buffer.from(await cover.arrayBuffer()))).toBe(sha256(pngFile(files.dir)));
  });

  it('refuses a short name or a file that is not an image in the spec’s words, and another user’s show with 404, changing nothing', async () => {
    const trpc = api.trpc(a.token);
    const short = await trpc.podcasts.create.mutate(createPodcastForm({ name: 'abc' }, null)).catch((e: unknown) => e);
    expect(short).toBeInstanceOf(TRPCClientError);
    expect((short as TRPCClientError<never>).message).toBe(PODCAST_MESSAGES.nameMin);
    const notImage = new Blob(['not an image'], { type: 'image/png' });
    expect(await statusOf(trpc.podcasts.create.mutate(createPodcastForm({ name: 'Text Cover Show' }, notImage)))).toBe(415);
    expect((await trpc.podcasts.list.query()).map((p) => p.name)).not.toContain('Text Cover Show');

    const mine = await trpc.podcasts.create.mutate(createPodcastForm({ name: 'Not For Bob' }, null));
    expect(await statusOf(api.trpc(b.token).podcasts.update.mutate(updatePodcastForm({ id: mine.id, name: 'Bob Was Here' }, png())))).toBe(
      404,
    );
    expect(await trpc.podcasts.get.query({ id: mine.id })).toMatchObject({ name: 'Not For Bob', cover_url: null });
  });
});

describe('mediaUploads', () => {
  it('stores library clips with their friendly names and refuses an unknown category', async () => {
    const trpc = api.trpc(a.token);
    const tone = toneFile(files.dir, 'hello.wav', 2, 440);
    const [clip] = await trpc.mediaUploads.library.mutate(
      mediaUploadForm('intro', [{ file: new Blob([readFileSync(tone)]), name: 'hello.wav', friendlyName: 'Hello intro' }]),
    );
    expect(clip).toMatchObject({ category: 'intro', friendly_name: 'Hello intro', status: 'ready' });
    const odd = mediaUploadForm('intro', [{ file: new Blob([readFileSync(tone)]), name: 'hello.wav' }]);
    odd.set('category', 'podcasts');
    expect(await statusOf(trpc.mediaUploads.library.mutate(odd))).toBe(422);
    expect((await trpc.media.library.query()).filter((i) => i.category === 'intro')).toHaveLength(1);
  });

  it('stores a show cover and an episode cover, one image each', async () => {
    const trpc = api.trpc(a.token);
    const cover = await trpc.mediaUploads.cover.mutate(coverUploadForm(png(), 'cover.png'));
    expect(cover.path).toBe(`/static/media/${cover.filename}`);
    const episodeCover = await trpc.mediaUploads.episodeCover.mutate(coverUploadForm(png(), 'cover.png', 'Episode 3 cover'));
    expect(episodeCover).toMatchObject({ category: 'episode_cover', friendly_name: 'Episode 3 cover' });
    const two = coverUploadForm(png(), 'a.png');
    two.append('files', png(), 'b.png');
    expect(await statusOf(trpc.mediaUploads.cover.mutate(two))).toBe(422);
    expect(await statusOf(api.trpc().mediaUploads.cover.mutate(coverUploadForm(png(), 'cover.png')))).toBe(401);
  });

  it('attaches a transcript to the owner’s upload only', async () => {
    const tone = toneFile(files.dir, 'episode.wav', 2, 330);
    const [upload] = await api
      .trpc(a.token)
      .mediaUploads.library.mutate(
        mediaUploadForm('main_content', [{ file: new Blob([readFileSync(tone)]), name: 'episode.wav', friendlyName: 'Episode' }]),
      );
    const vtt = new File(['WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nhello world\n'], 'episode.vtt');
    expect(await statusOf(api.trpc(b.token).mediaUploads.transcript.mutate(transcriptUploadForm(upload?.id ?? '', vtt)))).toBe(404);
    const attached = await api.trpc(a.token).mediaUploads.transcript.mutate(transcriptUploadForm(upload?.id ?? '', vtt));
    expect(attached).toMatchObject({ id: upload?.id, status: 'processing' });
  });
});
