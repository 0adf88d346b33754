/**
 * The media library and main-content uploads over REST with two users: the category rules in the
 * spec's words (nothing written when refused), rename, signed previews with range requests, delete,
 * transcript readiness while processing, and isolation (user B gets 404 for everything of A's).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { MEDIA_MESSAGES, ZMediaItem } from '@ppp/contracts';
import { closeApiBed, startUsersBed } from '../support/api-bed.ts';
import { errorOf, type HttpResult, type TestServer } from '../support/http.ts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import { uploadWithTranscript } from '../support/transcripts.ts';
import { fakeAudio, fileOfSize, pngFile, sha256, tempDir, toneFile, uploadForm } from '../support/audio-files.ts';

const ZItemJson = ZMediaItem.extend({ created_at: z.string() });
const ZItems = z.array(ZItemJson);
type Item = z.infer<typeof ZItemJson>;

let orm: MikroORM;
let api: TestServer;
let files: { dir: string; remove: () => void };
let storage: { dir: string; remove: () => void };
let a: { token: string; email: string };
let b: { token: string; email: string; id: string };

beforeAll(async () => {
  files = tempDir();
  ({ orm, api, storage, admin: a, user: b } = await startUsersBed('ppp-storage-test-'));
});
afterAll(async () => {
  await closeApiBed({ api, orm, storage });
  files?.remove();
});

async function upload(token: string, category: string, paths: string[], fields: Record<string, string> = {}): Promise<HttpResult> {
  const res = await fetch(`${api.baseUrl}/api/media/upload/${category}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: uploadForm(paths, fields),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? (JSON.parse(text) as unknown) : null };
}

/** Every file under the storage folder except partial tus uploads. */
function storedFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  const users = path.join(storage.dir, 'users');
  try {
    return walk(users);
  } catch {
    return [];
  }
}

async function library(token: string): Promise<Item[]> {
  const res = await api.request('GET', '/api/media/', { token });
  expect(res.status).toBe(200);
  return ZItems.parse(res.body);
}

describe('media library uploads', () => {
  it('stores two music clips with their friendly names, probed by content, newest first', async () => {
    const intro = toneFile(files.dir, 'theme.mp3', 2, 440);
    const bed = toneFile(files.dir, 'bed.wav', 3, 220);
    const res = await upload(a.token, 'music', [intro, bed], { friendly_names: JSON.stringify(['Show theme', 'Quiet bed']) });
    expect(res.status).toBe(201);
    const created = ZItems.parse(res.body);
    expect(created.map((i) => [i.friendly_name, i.category, i.status, i.original_name])).toEqual([
      ['Show theme', 'music', 'ready', 'theme.mp3'],
      ['Quiet bed', 'music', 'ready', 'bed.wav'],
    ]);
    expect(created[0]?.content_type).toBe('audio/mpeg');
    expect(created[1]?.duration_seconds).toBeCloseTo(3, 1);
    expect(created[1]?.size).toBe(statSync(bed).size);
    const listed = await library(a.token);
    expect(listed.map((i) => i.friendly_name).sort()).toEqual(['Quiet bed', 'Show theme']);
    expect(await library(b.token)).toEqual([]);
  });

  it('refuses text named .mp3 with the spec words and writes nothing', async () => {
    const before = storedFiles();
    const count = (await library(a.token)).length;
    const res = await upload(a.token, 'music', [toneFile(files.dir, 'ok.mp3'), fakeAudio(files.dir, 'notes.mp3')]);
    expect(errorOf(res)).toEqual({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      detail: 'notes.mp3: only audio files are allowed for music.',
    });
    expect((await library(a.token)).length).toBe(count);
    expect(storedFiles()).toEqual(before);
  });

  it('holds sfx to 25 MB, the library to 50 MB and main content to the admin limit', async () => {
    const big = fileOfSize(files.dir, 'boom.wav', 26);
    expect(errorOf(await upload(a.token, 'sfx', [big]))).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      detail: 'boom.wav: exceeds 25MB limit for sfx.',
    });
    const huge = fileOfSize(files.dir, 'long-intro.wav', 51);
    expect(errorOf(await upload(a.token, 'intro', [huge])).detail).toBe('long-intro.wav: exceeds 50MB limit for intro.');
    const put = await api.request('PUT', '/api/admin/settings', { token: a.token, json: { max_upload_mb: 10 } });
    expect(put.status).toBe(200);
    try {
      const episode = fileOfSize(files.dir, 'episode.wav', 11);
      const res = await upload(a.token, 'main_content', [episode], { friendly_names: JSON.stringify(['Too long']) });
      expect(errorOf(res)).toEqual({ status: 413, code: 'PAYLOAD_TOO_LARGE', detail: 'Audio exceeds 10MB limit.' });
    } finally {
      await api.request('PUT', '/api/admin/settings', { token: a.token, json: { max_upload_mb: 500 } });
    }
    expect(storedFiles().some((f) => f.includes('boom') || (f.endsWith('.wav') && statSync(f).size > 10 * 1024 * 1024))).toBe(false);
  });

  it('keeps commercial Coming Soon and wants a friendly name for main content', async () => {
    const tone = toneFile(files.dir, 'ad.mp3');
    expect(errorOf(await upload(a.token, 'commercial', [tone]))).toMatchObject({
      status: 403,
      detail: MEDIA_MESSAGES.commercialUnavailable,
    });
    expect(errorOf(await upload(a.token, 'main_content', [tone]))).toMatchObject({ status: 422, detail: MEDIA_MESSAGES.enterFriendlyName });
    expect(errorOf(await upload(a.token, 'podcast', [tone]))).toMatchObject({ status: 422 });
  });

  it('renames an item and sets an sfx trigger keyword (PUT), display_name through PATCH', async () => {
    const [sfx] = ZItems.parse((await upload(a.token, 'sfx', [toneFile(files.dir, 'applause.wav', 1)])).body);
    if (!sfx) throw new Error('no sfx created');
    expect(sfx.friendly_name).toBe('applause');
    const put = await api.request('PUT', `/api/media/${sfx.id}`, {
      token: a.token,
      json: { friendly_name: 'Applause', trigger_keyword: 'clap' },
    });
    expect(ZItemJson.parse(put.body)).toMatchObject({ friendly_name: 'Applause', display_name: 'Applause', trigger_keyword: 'clap' });
    const patch = await api.request('PATCH', `/api/media/${sfx.id}`, { token: a.token, json: { display_name: 'Big applause' } });
    expect(ZItemJson.parse(patch.body)).toMatchObject({ friendly_name: 'Big applause', trigger_keyword: 'clap' });
    const cleared = await api.request('PUT', `/api/media/${sfx.id}`, { token: a.token, json: { trigger_keyword: null } });
    expect(ZItemJson.parse(cleared.body).trigger_keyword).toBeNull();
    expect(errorOf(await api.request('PUT', `/api/media/${sfx.id}`, { token: a.token, json: { friendly_name: '' } })).status).toBe(422);
  });

  it('previews through a signed URL with range requests, and a forged one is 404', async () => {
    const [item] = await library(a.token);
    if (!item) throw new Error('empty library');
    const preview = await api.request('GET', `/api/media/preview?id=${item.id}&resolve=true`, { token: a.token });
    const { url } = z.object({ url: z.string(), path: z.string(), expires_at: z.string() }).parse(preview.body);
    const whole = await fetch(`${api.baseUrl}${url}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.length).toBe(item.size);
    const etag = whole.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);

    const part = await fetch(`${api.baseUrl}${url}`, { headers: { range: 'bytes=10-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-99/${item.size}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(10, 100));
    const tail = await fetch(`${api.baseUrl}${url}`, { headers: { range: 'bytes=-16' } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 16));
    expect((await fetch(`${api.baseUrl}${url}`, { headers: { range: `bytes=${item.size + 5}-` } })).status).toBe(416);
    expect((await fetch(`${api.baseUrl}${url}`, { headers: { 'if-none-match': etag ?? '' } })).status).toBe(304);

    const forged = url.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await fetch(`${api.baseUrl}${forged}`)).status).toBe(404);
    const other = url.replace(item.id, (await library(a.token))[1]?.id ?? '');
    expect((await fetch(`${api.baseUrl}${other}`)).status).toBe(404);
  });

  it('uploads a cover image, served publicly by its unguessable name; text is refused', async () => {
    const form = new FormData();
    form.append('file', new Blob([readFileSync(pngFile(files.dir))]), 'cover.png');
    const res = await fetch(`${api.baseUrl}/api/media/upload/cover_art`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    const cover = z.object({ filename: z.string(), path: z.string(), stored_as: z.string() }).parse(await res.json());
    expect(cover.path).toBe(`/static/media/${cover.filename}`);
    const image = await fetch(`${api.baseUrl}${cover.path}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(sha256(Buffer.from(await image.arrayBuffer()))).toBe(sha256(path.join(files.dir, 'cover.png')));
    const bad = new FormData();
    bad.append('file', new Blob(['not an image']), 'cover.png');
    const refused = await fetch(`${api.baseUrl}/api/media/upload/cover_art`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}` },
      body: bad,
    });
    expect(refused.status).toBe(415);
    expect((await library(a.token)).some((i) => i.category === 'cover_art')).toBe(false);
  });

  it('takes an episode cover as files plus friendly_names (spec 000 §7) and refuses anything but one image', async () => {
    const form = new FormData();
    form.append('files', new Blob([readFileSync(pngFile(files.dir))]), 'cover.png');
    form.append('friendly_names', JSON.stringify(['Episode 12 cover']));
    const res = await fetch(`${api.baseUrl}/api/media/upload/episode_cover`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    const [item] = z
      .array(z.object({ id: z.string(), filename: z.string(), friendly_name: z.string(), category: z.string() }))
      .length(1)
      .parse(await res.json());
    expect(item).toMatchObject({ friendly_name: 'Episode 12 cover', category: 'episode_cover' });
    // Stored as an episode cover (issue 19) and listed by GET /api/media/ for its owner only.
    expect((await library(a.token)).find((listed) => listed.id === item?.id)).toMatchObject({ category: 'episode_cover' });
    expect((await library(b.token)).some((listed) => listed.id === item?.id)).toBe(false);
    const image = await fetch(`${api.baseUrl}/static/media/${item?.filename ?? ''}`);
    expect(sha256(Buffer.from(await image.arrayBuffer()))).toBe(sha256(path.join(files.dir, 'cover.png')));

    const text = new FormData();
    text.append('files', new Blob(['not an image']), 'cover.png');
    const two = new FormData();
    for (const name of ['a.png', 'b.png']) two.append('files', new Blob([readFileSync(pngFile(files.dir))]), name);
    const before = (await library(a.token)).length;
    const longName = new FormData();
    longName.append('files', new Blob([readFileSync(pngFile(files.dir))]), 'cover.png');
    longName.append('friendly_names', JSON.stringify(['x'.repeat(201)]));
    const tooLong = await fetch(`${api.baseUrl}/api/media/upload/episode_cover`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}` },
      body: longName,
    });
    expect(tooLong.status).toBe(422);
    expect(await tooLong.json()).toMatchObject({ detail: MEDIA_MESSAGES.friendlyNameTooLong });
    for (const [body, status] of [
      [text, 415],
      [two, 422],
    ] as const) {
      const refused = await fetch(`${api.baseUrl}/api/media/upload/episode_cover`, {
        method: 'POST',
        headers: { authorization: `Bearer ${a.token}` },
        body,
      });
      expect(refused.status).toBe(status);
    }
    expect((await library(a.token)).length).toBe(before);
    expect((await fetch(`${api.baseUrl}/api/media/upload/episode_cover`, { method: 'POST', body: form })).status).toBe(401);
  });
  it('lists the cover images again, newest first, each served at its path; another user sees none of them', async () => {
    const ZCovers = z.array(z.object({ id: z.string(), filename: z.string(), display_name: z.string(), path: z.string() }));
    const form = new FormData();
    form.append('file', new Blob([readFileSync(pngFile(files.dir))]), 'studio-cover.png');
    const uploaded = z.object({ id: z.string(), path: z.string() }).parse(
      await (
        await fetch(`${api.baseUrl}/api/media/upload/cover_art`, {
          method: 'POST',
          headers: { authorization: `Bearer ${a.token}` },
          body: form,
        })
      ).json(),
    );
    const covers = ZCovers.parse((await api.request('GET', '/api/media/covers', { token: a.token })).body);
    // The two earlier tests' covers and this one, newest first; the episode cover keeps its name.
    expect(covers).toHaveLength(3);
    expect(covers[0]).toMatchObject({ id: uploaded.id, path: uploaded.path });
    expect(covers.map((c) => c.display_name)).toContain('Episode 12 cover');
    for (const cover of covers) {
      const image = await fetch(`${api.baseUrl}${cover.path}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
    }
    expect((await api.trpc(a.token).media.covers.query()).map((c) => c.id)).toEqual(covers.map((c) => c.id));
    expect((await api.request('GET', '/api/media/covers', { token: b.token })).body).toEqual([]);
    expect((await api.request('GET', '/api/media/covers')).status).toBe(401);
  });
});

describe('main content uploads', () => {
  let upload1: Item;

  it('queues a main-content upload as Processing with notify options, and its transcript is not ready yet', async () => {
    const res = await upload(a.token, 'main_content', [toneFile(files.dir, 'episode-1.wav', 4)], {
      friendly_names: JSON.stringify(['Episode one']),
      notify_when_ready: 'true',
      // Only the account's own address (any case) can be notified (issue 14).
      notify_email: a.email.toUpperCase(),
    });
    expect(res.status).toBe(201);
    const [item] = ZItems.parse(res.body);
    if (!item) throw new Error('not created');
    upload1 = item;
    expect(item).toMatchObject({
      category: 'main_content',
      status: 'processing',
      transcript_ready: false,
      notify_when_ready: true,
      notify_pending: true,
      intents: null,
    });
    const list = ZItems.parse((await api.request('GET', '/api/media/main-content', { token: a.token })).body);
    expect(list.map((i) => i.id)).toEqual([item.id]);
    expect(await library(a.token)).not.toContainEqual(expect.objectContaining({ id: item.id }));

    const jobs = await orm.em
      .getConnection()
      .execute<{ data: { media_id: string } }[]>(`select data from pgboss.job where name = 'audio.transcribe'`);
    expect(jobs.map((j) => j.data.media_id)).toContain(item.id);
    const row = await orm.em
      .getConnection()
      .execute<{ notify_email: string }[]>('select notify_email from media_items where id = ?', [item.id]);
    expect(row[0]?.notify_email).toBe(a.email.toLowerCase());

    const ready = await api.request('GET', `/api/ai/transcript-ready?hint=${encodeURIComponent(item.filename)}`, { token: a.token });
    expect(ready.body).toMatchObject({ ready: false, transcript_path: null, media_id: item.id, status: 'processing' });
    const hints = await api.request('GET', `/api/ai/intent-hints?hint=${item.id}`, { token: a.token });
    expect(errorOf(hints)).toEqual({ status: 425, code: 'TRANSCRIPT_NOT_READY', detail: 'Transcript not ready yet. Try again soon.' });
    expect(errorOf(await api.request('GET', '/api/ai/intent-hints?hint=nothing-like-this.wav', { token: a.token })).status).toBe(404);
  });

  it('answers 409 for intent hints of an upload whose transcription failed', async () => {
    await orm.em
      .getConnection()
      .execute(`update media_items set status = 'error', transcription_error = 'No transcription engine is configured' where id = ?`, [
        upload1.id,
      ]);
    const hints = await api.request('GET', `/api/ai/intent-hints?hint=${upload1.id}`, { token: a.token });
    expect(errorOf(hints)).toEqual({ status: 409, code: 'CONFLICT', detail: 'No transcription engine is configured' });
    const retried = await api.request('POST', `/api/media/${upload1.id}/retry`, { token: a.token });
    expect(ZItemJson.parse(retried.body)).toMatchObject({ status: 'processing', transcription_error: null });
  });

  it('takes a transcript supplied after the upload, and refuses an unreadable one', async () => {
    const send = async (token: string, id: string, name: string, content: string) => {
      const form = new FormData();
      form.append('file', new Blob([content]), name);
      const res = await fetch(`${api.baseUrl}/api/media/${id}/transcript`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const vtt = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nhello flubber world\n';
    const ok = await send(a.token, upload1.id, 'episode.vtt', vtt);
    expect(ok).toMatchObject({ status: 200, body: { status: 'processing', id: upload1.id } });
    expect(storedFiles().some((f) => f.endsWith(`${upload1.id}/supplied.vtt`))).toBe(true);
    expect((await send(a.token, upload1.id, 'episode.srt', 'not a subtitle file')).status).toBe(422);
    expect((await send(b.token, upload1.id, 'episode.vtt', vtt)).status).toBe(404);
  });

  it('user B gets 404 for user A’s uploads, previews, transcripts and hints, and changes nothing', async () => {
    const [clip] = await library(a.token);
    for (const id of [upload1.id, clip?.id ?? '']) {
      expect(errorOf(await api.request('GET', `/api/media/${id}`, { token: b.token })).status).toBe(404);
      expect(errorOf(await api.request('PUT', `/api/media/${id}`, { token: b.token, json: { friendly_name: 'mine now' } })).status).toBe(
        404,
      );
      expect(errorOf(await api.request('DELETE', `/api/media/${id}`, { token: b.token })).status).toBe(404);
      expect(errorOf(await api.request('GET', `/api/media/preview?id=${id}&resolve=true`, { token: b.token })).status).toBe(404);
    }
    expect(errorOf(await api.request('GET', `/api/media/${upload1.id}/transcript`, { token: b.token })).status).toBe(404);
    expect(errorOf(await api.request('GET', `/api/ai/transcript-ready?hint=${upload1.id}`, { token: b.token })).status).toBe(404);
    expect(errorOf(await api.request('GET', `/api/ai/intent-hints?hint=${upload1.id}`, { token: b.token })).status).toBe(404);
    expect(errorOf(await api.request('POST', `/api/media/${upload1.id}/retry`, { token: b.token })).status).toBe(404);
    expect(ZItems.parse((await api.request('GET', '/api/media/main-content', { token: b.token })).body)).toEqual([]);

    // Spec 000 section 7: the upload may be named by the episode made from it (episode_id), for its owner only.
    const [owner] = await orm.em
      .getConnection()
      .execute<{ user_id: string }[]>('select user_id from media_items where id = ?', [upload1.id]);
    const em = orm.em.fork();
    const show = em.create(PodcastSchema, { user: owner?.user_id ?? '', name: 'Hints show' });
    const episode = em.create(EpisodeSchema, {
      user: owner?.user_id ?? '',
      podcast: show,
      title: 'Made from upload one',
      sourceMedia: upload1.id,
    });
    await em.flush();
    const byEpisode = await api.request('GET', `/api/ai/transcript-ready?episode_id=${episode.id}`, { token: a.token });
    expect(byEpisode.status, byEpisode.text).toBe(200);
    expect(byEpisode.body).toMatchObject({ media_id: upload1.id });
    expect(errorOf(await api.request('GET', `/api/ai/intent-hints?episode_id=${episode.id}`, { token: a.token })).status).toBe(425);
    expect(errorOf(await api.request('GET', `/api/ai/transcript-ready?episode_id=${episode.id}`, { token: b.token })).status).toBe(404);
    expect(errorOf(await api.request('GET', `/api/ai/intent-hints?episode_id=${episode.id}`, { token: b.token })).status).toBe(404);
    expect(errorOf(await api.request('GET', '/api/ai/intent-hints', { token: a.token })).status).toBe(422);
    expect((await api.request('GET', `/api/media/${upload1.id}`, { token: a.token })).body).toMatchObject({ friendly_name: 'Episode one' });
    expect(errorOf(await api.request('GET', '/api/media/', {})).status).toBe(401);
  });

  it('deletes an upload with its stored files', async () => {
    const mine = storedFiles().filter((f) => f.includes(upload1.id));
    expect(mine.length).toBeGreaterThan(0);
    expect((await api.request('DELETE', `/api/media/${upload1.id}`, { token: a.token })).status).toBe(200);
    expect(storedFiles().filter((f) => f.includes(upload1.id))).toEqual([]);
    expect(errorOf(await api.request('GET', `/api/media/${upload1.id}`, { token: a.token })).status).toBe(404);
  });
});

describe('tRPC twins', () => {
  it('lists, renames and previews the same items', async () => {
    const client = api.trpc(a.token);
    const items = await client.media.library.query();
    expect(items.length).toBeGreaterThan(0);
    const first = items[0];
    if (!first) throw new Error('empty');
    expect(first.created_at).toBeInstanceOf(Date);
    const renamed = await client.media.update.mutate({ id: first.id, patch: { friendly_name: 'Renamed over tRPC' } });
    expect(renamed.friendly_name).toBe('Renamed over tRPC');
    expect((await client.media.preview.mutate({ id: first.id })).url).toContain(`/api/media/file/${first.id}?`);
    await expect(api.trpc(b.token).media.get.query({ id: first.id })).rejects.toMatchObject({ data: { appCode: 'NOT_FOUND' } });
  });
});

describe('transcript and subtitle (spec 001 §3, issue 19)', () => {
  it("name the upload's words and their WebVTT once the transcript is ready, for its owner only", async () => {
    const ready = await uploadWithTranscript(orm, b.id, 'bb22-captions.mp3', ['Hello captions. Second sentence here.']);
    const pending = await uploadWithTranscript(orm, b.id, 'bb22-pending.mp3', null);
    const item = ZItemJson;
    const mine = item.parse((await api.request('GET', `/api/media/${ready}`, { token: b.token })).body);
    expect(mine).toMatchObject({ transcript: `/api/media/${ready}/transcript`, subtitle: `/api/media/${ready}/subtitle` });
    expect(item.parse((await api.request('GET', `/api/media/${pending}`, { token: b.token })).body)).toMatchObject({
      transcript: null,
      subtitle: null,
    });
    const words = await api.request('GET', mine.transcript ?? '', { token: b.token });
    expect(words.body).toMatchObject({ media_id: ready, text: 'Hello captions. Second sentence here.' });
    const vtt = await fetch(`${api.baseUrl}${mine.subtitle ?? ''}`, { headers: { authorization: `Bearer ${b.token}` } });
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get('content-type')).toContain('text/vtt');
    const text = await vtt.text();
    expect(text.startsWith('WEBVTT')).toBe(true);
    expect(text).toContain('Hello captions.');
    expect(errorOf(await api.request('GET', `/api/media/${ready}/subtitle`, { token: a.token })).status).toBe(404);
    expect(errorOf(await api.request('GET', `/api/media/${pending}/subtitle`, { token: b.token })).status).toBe(404);
    expect((await api.request('GET', `/api/media/${ready}/subtitle`)).status).toBe(401);
  });
});
