/**
 * Untrusted media through the real upload paths (multipart and tus) with real ffmpeg: each case is an
 * attack a creator could try on another creator's files or on the server, and checks the refusal in
 * the spec's words and that nothing was stored (no row, no file).
 */
import { readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { detectIntents } from '@ppp/audio';
import { DEFAULT_AUDIO_CLEANUP_SETTINGS, MEDIA_MESSAGES, NOTIFY_ADDRESS_MESSAGES, ZMediaItem } from '@ppp/contracts';
import { MediaItemSchema } from '../../src/domain/media/media-item.entity.ts';
import { closeApiBed, startUsersBed } from '../support/api-bed.ts';
import { login, register, type TestServer } from '../support/http.ts';
import { servicesFor, testConfig, uniqueEmail } from '../support/fixtures.ts';
import { timedWords } from '../support/transcripts.ts';
import { tusPatchHeaders } from '../support/tus-client.ts';
import { tempDir, toneFile, uploadForm } from '../support/audio-files.ts';

let orm: MikroORM;
let api: TestServer;
let files: { dir: string; remove: () => void };
let storage: { dir: string; remove: () => void };
let a: { token: string; id: string };
let b: { token: string; id: string; email: string };
let databaseUrl: string;
let victimPath: string;

beforeAll(async () => {
  files = tempDir('ppp-sec-media-');
  ({ orm, api, databaseUrl, storage, admin: a, user: b } = await startUsersBed('ppp-sec-media-storage-'));
  // User B's private music clip: what the attacks below try to pull into user A's files.
  const res = await multipart(b.token, 'music', [toneFile(files.dir, 'private-b.mp3', 2, 660)]);
  expect(res.status).toBe(201);
  const row = await orm.em.fork().findOneOrFail(MediaItemSchema, { user: b.id });
  victimPath = path.join(storage.dir, row.storageKey);
  expect(statSync(victimPath).size).toBeGreaterThan(1000);
});
afterAll(async () => {
  await closeApiBed({ api, orm, storage });
  files?.remove();
});

async function multipart(token: string, category: string, paths: string[], fields: Record<string, string> = {}) {
  const res = await fetch(`${api.baseUrl}/api/media/upload/${category}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: uploadForm(paths, fields),
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    body: text && res.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as unknown) : null,
  };
}

/** One tus upload in two requests (create, then the whole body); answers the final status and text. */
async function tus(token: string, data: Buffer, meta: Record<string, string>): Promise<{ status: number; text: string }> {
  const created = await fetch(`${api.baseUrl}/files/`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(data.length),
      'upload-metadata': Object.entries(meta)
        .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
        .join(','),
    },
  });
  if (created.status !== 201) return { status: created.status, text: await created.text() };
  const patched = await fetch(new URL(created.headers.get('location') ?? '', api.baseUrl), {
    method: 'PATCH',
    headers: tusPatchHeaders(token),
    body: data,
  });
  return { status: patched.status, text: await patched.text() };
}

function userFiles(userId: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  try {
    return walk(path.join(storage.dir, 'users', userId));
  } catch {
    return [];
  }
}

async function rowsOf(userId: string): Promise<number> {
  return orm.em.fork().count(MediaItemSchema, { user: userId });
}

function write(name: string, body: string | Buffer): string {
  const dest = path.join(files.dir, name);
  writeFileSync(dest, body);
  return dest;
}

const hlsPointingAt = (target: string) =>
  `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nfile:${target}\n#EXT-X-ENDLIST\n`;

/** A PNG whose header claims width x height pixels, in a few dozen bytes (a decompression bomb). */
function bombPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let crc = 0xffffffff;
    for (const byte of buf) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(4096))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('uploads and media', () => {
  it("an HLS playlist uploaded as .mp3 that lists another user's audio is refused as 'Invalid file type' and nothing is stored", async () => {
    const evil = write('episode.mp3', hlsPointingAt(victimPath));
    const res = await multipart(a.token, 'music', [evil]);
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ detail: 'episode.mp3: only audio files are allowed for music.' });
    expect(await rowsOf(a.id)).toBe(0);
    expect(userFiles(a.id)).toEqual([]);
  });

  it('the same playlist over tus as main content is refused and leaves no row and no file', async () => {
    const res = await tus(a.token, Buffer.from(hlsPointingAt(victimPath)), {
      filename: 'interview.mp3',
      category: 'main_content',
      friendly_name: 'Stolen interview',
    });
    expect(res).toEqual({ status: 415, text: 'interview.mp3: only audio files are allowed for main_content.' });
    expect(await rowsOf(a.id)).toBe(0);
    expect(userFiles(a.id)).toEqual([]);
  });

  it('an ffconcat list uploaded as .mp3 is refused and nothing is stored', async () => {
    const evil = write('list.mp3', `ffconcat version 1.0\nfile '${victimPath}'\n`);
    const res = await multipart(a.token, 'sfx', [evil]);
    expect(res.status).toBe(415);
    expect(await rowsOf(a.id)).toBe(0);
    expect(userFiles(a.id)).toEqual([]);
  });

  it('a PNG cover claiming 30000x30000 pixels is refused from its header, not stored or served', async () => {
    const bomb = write('huge.png', bombPng(30_000, 30_000));
    const res = await fetch(`${api.baseUrl}/api/media/upload/cover_art`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}` },
      body: uploadForm([bomb]),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ detail: MEDIA_MESSAGES.imageTooLarge });
    expect(await rowsOf(a.id)).toBe(0);
    expect(userFiles(a.id)).toEqual([]);
  });

  it('a show cover claiming 7000x7000 pixels is refused before decoding and the show keeps no cover', async () => {
    const form = new FormData();
    form.append('name', 'Bomb Show');
    form.append('cover_image', new Blob([bombPng(7000, 7000)]), 'cover.png');
    const res = await fetch(`${api.baseUrl}/api/podcasts/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}` },
      body: form,
    });
    expect(res.status).toBe(422);
    const shows = await api.request('GET', '/api/podcasts/', { token: a.token });
    expect(shows.body).toEqual([]);
    expect(userFiles(a.id)).toEqual([]);
  });

  it('a NUL or control character in a filename or friendly name is a 422, not a 500, and nothing is stored', async () => {
    const tone = toneFile(files.dir, 'clean.mp3', 1);
    const nulName = await multipart(a.token, 'music', [tone], { friendly_names: JSON.stringify(['Bad\u0000name']) });
    expect(nulName.status).toBe(422);
    const form = new FormData();
    form.append('files', new Blob([readFileSync(tone)]), 'evil\u0001.mp3');
    const nulFile = await fetch(`${api.baseUrl}/api/media/upload/music`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}` },
      body: form,
    });
    expect(nulFile.status).toBe(422);
    const overTus = await tus(a.token, readFileSync(tone), { filename: 'ok\u0000.mp3', category: 'music' });
    expect(overTus.status).toBe(422);
    const friendly = await tus(a.token, readFileSync(tone), { filename: 'ok.mp3', category: 'main_content', friendly_name: 'Ep\u0000one' });
    expect(friendly.status).toBe(422);
    expect(await rowsOf(a.id)).toBe(0);
    expect(userFiles(a.id)).toEqual([]);
  });

  it('renaming a clip to a name with a NUL is a 422 and the name is unchanged', async () => {
    const res = await multipart(a.token, 'music', [toneFile(files.dir, 'rename-me.mp3', 1)], { friendly_names: JSON.stringify(['Theme']) });
    const [item] = z.array(ZMediaItem.pick({ id: true })).parse(res.body);
    const renamed = await api.request('PUT', `/api/media/${item?.id}`, { token: a.token, json: { friendly_name: 'Th\u0000eme' } });
    expect(renamed.status).toBe(422);
    const row = await orm.em.fork().findOneOrFail(MediaItemSchema, { id: item?.id ?? '' });
    expect(row.friendlyName).toBe('Theme');
    await api.request('DELETE', `/api/media/${item?.id}`, { token: a.token });
  });

  it('a truncated MP3 (a third of 20 s, and 3,000 bytes) is refused in the spec words over multipart and tus, and nothing is kept (issue 35)', async () => {
    const whole = toneFile(files.dir, 'long.mp3', 20, 440, ['-q:a', '4']);
    const cut = write('cut.mp3', readFileSync(whole));
    truncateSync(cut, Math.floor(statSync(whole).size / 3));
    const tiny = write('tiny.mp3', readFileSync(whole).subarray(0, 3000));
    const filesBefore = userFiles(a.id).length;
    for (const damaged of [cut, tiny]) {
      const res = await multipart(a.token, 'music', [damaged]);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ detail: MEDIA_MESSAGES.unableToPrepare, code: 'VALIDATION' });
    }
    const sent = await tus(a.token, readFileSync(tiny), {
      filename: 'episode-cut.mp3',
      category: 'main_content',
      friendly_name: 'Cut short',
    });
    expect(sent).toMatchObject({ status: 422, text: MEDIA_MESSAGES.unableToPrepare });
    expect(await rowsOf(a.id)).toBe(0);
    expect(userFiles(a.id)).toHaveLength(filesBefore);
    expect((await api.request('GET', '/api/media/main-content', { token: a.token })).body).toEqual([]);
    // The whole file is taken, at its length.
    const full = await multipart(a.token, 'music', [whole]);
    expect(full.status).toBe(201);
    const [item] = z.array(ZMediaItem.pick({ id: true, duration_seconds: true })).parse(full.body);
    expect(item?.duration_seconds).toBeGreaterThan(19);
    await api.request('DELETE', `/api/media/${item?.id}`, { token: a.token });
    expect(await rowsOf(a.id)).toBe(0);
  });
});

describe('the instance cannot be made to mail strangers (notify_email)', () => {
  const stranger = 'victim@elsewhere.example';
  const mailsTo = async (to: string) =>
    orm.em.fork().getConnection().execute<{ subject: string }[]>('select subject from mail_outbox where "to" = ?', [to]);
  const notifyFields = (email: string) => ({ notify_when_ready: 'true', notify_email: email });
  /** What the transcribe job does at the end: the words stored, Ready, then the bell and the mail. */
  async function transcribed(id: string): Promise<void> {
    const services = servicesFor(orm, testConfig(databaseUrl, { STORAGE_DIR: storage.dir }));
    const item = await services.transcripts.begin(id);
    if (!item) throw new Error('no upload');
    const words = timedWords(['Welcome to the show.']);
    const transcript = { words, language: 'en', duration_s: 2 };
    const detection = detectIntents(transcript, DEFAULT_AUDIO_CLEANUP_SETTINGS);
    await services.transcripts.complete(item, { transcript, engine: 'supplied', realtimeFactor: null, detection });
  }
  async function mainContent(token: string, name: string, fields: Record<string, string>) {
    return multipart(token, 'main_content', [toneFile(files.dir, `${name}.mp3`, 1)], { friendly_names: JSON.stringify([name]), ...fields });
  }

  it("a stranger's address on a multipart upload is a 422 in clear words: no row, no file, no mail", async () => {
    const [rows, stored] = [await rowsOf(b.id), userFiles(b.id).length];
    const res = await mainContent(b.token, 'Spam run', notifyFields(stranger));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ detail: NOTIFY_ADDRESS_MESSAGES.notVerified });
    expect(await rowsOf(b.id)).toBe(rows);
    expect(userFiles(b.id)).toHaveLength(stored);
    expect(await mailsTo(stranger)).toEqual([]);
  });

  it('the same over tus is refused when the upload completes, and nothing is kept', async () => {
    const res = await tus(a.token, readFileSync(toneFile(files.dir, 'tus-spam.mp3', 1)), {
      filename: 'tus-spam.mp3',
      category: 'main_content',
      friendly_name: 'Spam over tus',
      ...notifyFields(stranger),
    });
    expect(res).toEqual({ status: 422, text: NOTIFY_ADDRESS_MESSAGES.notVerified });
    expect(await rowsOf(a.id)).toBe(0);
    expect(userFiles(a.id)).toEqual([]);
    expect(await mailsTo(stranger)).toEqual([]);
  });

  it("the account's own address in any case is accepted and mailed; an upload stored with a stranger's address before mails the account", async () => {
    const own = await mainContent(b.token, 'Own address', notifyFields(b.email.toUpperCase()));
    expect(own.status).toBe(201);
    const old = await mainContent(b.token, 'Older upload', notifyFields(b.email));
    const ids = [own, old].map((res) => z.array(ZMediaItem.pick({ id: true })).parse(res.body)[0]?.id ?? '');
    // Stored before this rule: the address a user typed is still on the row; it must not be used.
    await orm.em.fork().nativeUpdate(MediaItemSchema, { id: ids[1] }, { notifyEmail: stranger });
    for (const id of ids) await transcribed(id);
    const ready = (await mailsTo(b.email)).map((m) => m.subject).filter((subject) => subject.startsWith('Your upload'));
    expect(ready.sort()).toEqual(['Your upload "Older upload" is ready', 'Your upload "Own address" is ready']);
    expect(await mailsTo(stranger)).toEqual([]);
  });

  it('an account whose own address is not verified gets the bell, and no mail until it is', async () => {
    await api.trpc(a.token).admin.updateSettings.mutate({ default_user_active: true });
    const email = uniqueEmail('unverified');
    try {
      expect(await register(api, email)).toBe(true);
    } finally {
      await api.trpc(a.token).admin.updateSettings.mutate({ default_user_active: false });
    }
    const token = await login(api, email);
    const res = await mainContent(token, 'Unverified', notifyFields(email));
    expect(res.status).toBe(201);
    const [item] = z.array(ZMediaItem.pick({ id: true })).parse(res.body);
    await transcribed(item?.id ?? '');
    const bell = await api.request('GET', '/api/notifications/', { token });
    expect(JSON.stringify(bell.body)).toContain('Upload ready');
    expect(await mailsTo(email)).toEqual([]);
  });
});
