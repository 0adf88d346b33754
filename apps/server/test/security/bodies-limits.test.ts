/**
 * Requests that try to exhaust memory: every route has a body limit applied before anything is
 * read, so an oversized body is a 413 and the server's memory stays where it was.
 */
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { BODY_LIMITS, MEDIA_MESSAGES, audioExceedsMessage, exceedsLimitMessage, onlyAudioAllowedMessage } from '@ppp/contracts';
import { MediaItemSchema } from '../../src/domain/media/media-item.entity.ts';
import { UserSchema } from '../../src/domain/users/user.entity.ts';
import { bodyRuleFor } from '../../src/http/body-limits.ts';
import { tempDir, toneFile } from '../support/audio-files.ts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { twoUsers, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;
let token: string;
let userToken: string;
// The server's own scratch folder, where multipart files are streamed: empty again after every request.
const scratch = tempDir('ppp-bodies-scratch-');
const media = tempDir('ppp-bodies-media-');
const MB = 1024 * 1024;

beforeAll(async () => {
  ({ orm, api } = await startApiBed({ SCRATCH_DIR: scratch.dir }));
  const users = await twoUsers(api);
  token = users.admin.token;
  userToken = users.user.token;
});
afterAll(async () => {
  await closeApiBed({ api, orm });
  scratch.remove();
  media.remove();
});

/** What a flooded or streamed request got: the server's status and body, and the bytes sent by then. */
type Answer = { status: number; body: string; sent: number };

/**
 * Watches a request as it is written: `sent` counts what the caller writes; once the server answers,
 * `answered` is set and the answer resolves; an error before the answer rejects (after it, it is the
 * connection the server cut).
 */
function answerOf(req: http.ClientRequest, resolve: (answer: Answer) => void, reject: (error: Error) => void) {
  const state = { sent: 0, answered: false };
  req.on('response', (res) => {
    state.answered = true;
    let body = '';
    res.setEncoding('utf8').on('data', (d: string) => (body += d));
    res.on('end', () => {
      req.destroy();
      resolve({ status: res.statusCode ?? 0, body, sent: state.sent });
    });
  });
  req.on('error', (error) => (state.answered ? undefined : reject(error)));
  return state;
}

/**
 * Streams `totalBytes` of junk to a path in 64 KB writes (with or without a declared length), after
 * an optional `head` (a form part's headers, so a form reader keeps reading one field), and stops as
 * soon as the server answers; resolves with the status and body.
 */
function flood(path: string, totalBytes: number, declareLength: boolean, headers: Record<string, string> = {}, head = '') {
  return new Promise<Answer>((resolve, reject) => {
    const url = new URL(path, api.baseUrl);
    const req = http.request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(declareLength ? { 'content-length': String(totalBytes) } : { 'transfer-encoding': 'chunked' }),
        ...headers,
      },
    });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const state = answerOf(req, resolve, reject);
    if (head) {
      req.write(head);
      state.sent += Buffer.byteLength(head);
    }
    const pump = () => {
      while (!state.answered && state.sent < totalBytes) {
        state.sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!state.answered) req.end();
    };
    pump();
  });
}

/** A form part: a text field, or a file of `junk` bytes (made as it is sent) or of `data`. */
type Part = { name: string; value: string } | { name: string; filename: string; junk?: number; data?: Buffer };

/**
 * Sends a multipart form chunked (no Content-Length, as fetch sends a FormData), writing a file's
 * junk in 64 KB pieces as the socket takes them, and stops writing as soon as the server answers.
 */
function sendForm(path: string, parts: Part[], bearer: string) {
  const boundary = 'ppp-form-boundary';
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(new URL(path, api.baseUrl), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${bearer}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
      },
    });
    const state = answerOf(req, resolve, reject);
    const write = (chunk: Buffer | string) =>
      new Promise<void>((done) => {
        state.sent += Buffer.byteLength(chunk);
        if (req.write(chunk)) done();
        else req.once('drain', done);
      });
    void (async () => {
      const piece = Buffer.alloc(64 * 1024, 0x61);
      for (const part of parts) {
        if (state.answered) return;
        const disposition = 'filename' in part ? `name="${part.name}"; filename="${part.filename}"` : `name="${part.name}"`;
        await write(`--${boundary}\r\ncontent-disposition: form-data; ${disposition}\r\n\r\n`);
        if ('value' in part) await write(part.value);
        else if (part.data) await write(part.data);
        else
          for (let left = part.junk ?? 0; left > 0 && !state.answered; left -= piece.length)
            await write(piece.subarray(0, Math.min(left, piece.length)));
        await write('\r\n');
      }
      if (!state.answered) req.end(`--${boundary}--\r\n`);
    })();
  });
}

/** The files (not folders) under a folder, at any depth. */
const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
// A full garbage collection before and after a measure, so the memory counted is what is still held.
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

/** How much the process's resident memory grew over `run`, garbage collected on both sides. */
async function rssGrowth<T>(run: () => Promise<T>): Promise<{ result: T; grown: number }> {
  collect();
  const before = process.memoryUsage().rss;
  const result = await run();
  collect();
  return { result, grown: process.memoryUsage().rss - before };
}

/**
 * Sends each flood in turn: every one is answered 413 in the spec's words before 150 MB went out, the
 * server's memory grows by less than 8 MB over them all, and no account is made.
 */
async function expectFloodsRefused(floods: (() => ReturnType<typeof flood>)[]): Promise<void> {
  const users = await orm.em.fork().count(UserSchema, {});
  collect();
  const before = process.memoryUsage().rss;
  const answers = [];
  for (const send of floods) answers.push(await send());
  const grown = process.memoryUsage().rss - before;
  for (const res of answers) {
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ detail: BODY_LIMITS.tooLargeMessage, code: 'PAYLOAD_TOO_LARGE' });
    expect(res.sent).toBeLessThan(150 * MB);
  }
  expect(grown).toBeLessThan(8 * MB);
  expect(await orm.em.fork().count(UserSchema, {})).toBe(users);
}

const mediaCount = () => orm.em.fork().count(MediaItemSchema, {});

describe('bodies and limits', () => {
  it('a 150 MB body to /api/auth/register answers 413 at once, creates no account and the server memory barely moves', async () => {
    await expectFloodsRefused([() => flood('/api/auth/register', 150 * MB, true), () => flood('/api/auth/register', 150 * MB, false)]);
  });

  it('a chunked 150 MB multipart body to unauthenticated routes (REST and tRPC sign-in) answers 413 and the server memory barely moves', async () => {
    const multipart = { 'content-type': 'multipart/form-data; boundary=x' };
    const head = '--x\r\ncontent-disposition: form-data; name="email"\r\n\r\n';
    await expectFloodsRefused([
      () => flood('/api/auth/register', 150 * MB, false, multipart, head),
      () => flood('/trpc/auth.login', 150 * MB, false, multipart, head),
    ]);
  });

  it('a 5 MB JSON body to an authenticated route answers 413 before the handler runs', async () => {
    const res = await flood('/api/users/me', 5 * MB, true, { authorization: `Bearer ${token}` });
    expect(res.status).toBe(413);
    const trpc = await flood('/trpc/podcasts.create', 5 * MB, false, { authorization: `Bearer ${token}` });
    expect(trpc.status).toBe(413);
  });

  it('an upload over its category limit is refused from its declared length in the spec words', async () => {
    const res = await flood('/api/media/upload/cover_art', 40 * MB, true, {
      authorization: `Bearer ${token}`,
      'content-type': 'multipart/form-data; boundary=x',
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ detail: MEDIA_MESSAGES.fileTooLarge });
  });

  it("a 5 MB episode cover sent to tRPC's FormData upload is read like its REST twin's, not refused as a 2 MB JSON body", async () => {
    const res = await flood('/trpc/mediaUploads.episodeCover', 5 * MB, true, {
      authorization: `Bearer ${token}`,
      'content-type': 'multipart/form-data; boundary=x',
    });
    // Streamed and refused as the malformed form it is, instead of 413 at the 2 MB mark.
    expect(res.status).toBe(400);
    expect(res.body).toContain('Malformed multipart/form-data body.');
  });

  it('a chunked sfx upload is refused in the spec words as it streams past 25 MB: no file kept, no row', async () => {
    const rows = await mediaCount();
    const res = await sendForm('/api/media/upload/sfx', [{ name: 'files', filename: 'boom.wav', junk: 60 * MB }], token);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ detail: exceedsLimitMessage('boom.wav', 25, 'sfx'), code: 'PAYLOAD_TOO_LARGE' });
    expect(filesUnder(scratch.dir)).toEqual([]);
    expect(await mediaCount()).toBe(rows);
  });

  it('a 200 MB main-content upload streams to disk, never into memory: refused once probed, its file removed', async () => {
    const rows = await mediaCount();
    const upload = (megabytes: number) =>
      sendForm(
        '/api/media/upload/main_content',
        [
          { name: 'friendly_names', value: '["Not audio"]' },
          { name: 'files', filename: 'episode.wav', junk: megabytes * MB },
        ],
        token,
      );
    // A first upload settles the allocator's pools (the threads writing files get theirs); then the measure.
    expect((await upload(50)).status).toBe(415);
    const { result: res, grown } = await rssGrowth(() => upload(200));
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body)).toMatchObject({ detail: onlyAudioAllowedMessage('episode.wav', 'main_content') });
    // Held whole it would be 200 MB; streamed, the memory moves by a small share of it.
    expect(grown).toBeLessThan(50 * MB);
    expect(filesUnder(scratch.dir)).toEqual([]);
    expect(await mediaCount()).toBe(rows);
  });

  it("tRPC's FormData upload streams too: main content past the admin's limit is refused in its words as it passes it", async () => {
    const put = await api.request('PUT', '/api/admin/settings', { token, json: { max_upload_mb: 10 } });
    expect(put.status).toBe(200);
    try {
      const rows = await mediaCount();
      const { result: res, grown } = await rssGrowth(() =>
        sendForm(
          '/trpc/mediaUploads.library',
          [
            { name: 'category', value: 'main_content' },
            { name: 'files', filename: 'episode.wav', junk: 200 * MB },
            { name: 'friendly_names', value: '["Too long"]' },
          ],
          userToken,
        ),
      );
      expect(res.status).toBe(413);
      expect(res.body).toContain(audioExceedsMessage(10));
      expect(grown).toBeLessThan(50 * MB);
      expect(filesUnder(scratch.dir)).toEqual([]);
      expect(await mediaCount()).toBe(rows);
    } finally {
      await api.request('PUT', '/api/admin/settings', { token, json: { max_upload_mb: 500 } });
    }
  });

  it('a chunked cover upload is cut off at its route limit (16 MB) instead of being read to its end', async () => {
    const res = await sendForm('/api/media/upload/cover_art', [{ name: 'file', filename: 'huge.png', junk: 150 * MB }], token);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ detail: MEDIA_MESSAGES.fileTooLarge, code: 'PAYLOAD_TOO_LARGE' });
    expect(res.sent).toBeLessThan(150 * MB);
    expect(filesUnder(scratch.dir)).toEqual([]);
  });

  it('a normal chunked upload still works over REST and tRPC, and leaves nothing in the scratch folder', async () => {
    const data = readFileSync(toneFile(media.dir, 'jingle.mp3'));
    const rest = await sendForm('/api/media/upload/music', [{ name: 'files', filename: 'jingle.mp3', data }], token);
    expect(rest.status).toBe(201);
    expect(JSON.parse(rest.body)).toMatchObject([{ category: 'music', friendly_name: 'jingle' }]);
    const trpc = await sendForm(
      '/trpc/mediaUploads.library',
      [
        { name: 'category', value: 'intro' },
        { name: 'files', filename: 'hello.mp3', data },
      ],
      userToken,
    );
    expect(trpc.status).toBe(200);
    expect(trpc.body).toContain('"category":"intro"');
    expect(filesUnder(scratch.dir)).toEqual([]);
  });

  it('gives the smallest limit to unauthenticated routes and the category limit to uploads', () => {
    expect(bodyRuleFor('/api/auth/token').bytes).toBe(BODY_LIMITS.unauthenticatedBytes);
    expect(bodyRuleFor('/api/public/waitlist').bytes).toBe(BODY_LIMITS.unauthenticatedBytes);
    expect(bodyRuleFor('/trpc/auth.login').bytes).toBe(BODY_LIMITS.unauthenticatedBytes);
    expect(bodyRuleFor('/trpc/public.waitlist', true).bytes).toBe(BODY_LIMITS.unauthenticatedBytes);
    expect(bodyRuleFor('/trpc/public.config,templates.create').bytes).toBe(BODY_LIMITS.jsonBytes);
    expect(bodyRuleFor('/api/media/upload/sfx').bytes).toBeLessThan(bodyRuleFor('/api/media/upload/music').bytes);
    expect(bodyRuleFor('/api/media/upload/main_content').bytes).toBeGreaterThan(2000 * MB);
    expect(bodyRuleFor('/api/media/upload/episode_cover').bytes).toBe(bodyRuleFor('/api/media/upload/cover_art').bytes);
    expect(bodyRuleFor('/api/templates').bytes).toBe(BODY_LIMITS.jsonBytes);
    // tRPC's FormData uploads get their REST twin's limit only as multipart; as JSON they stay JSON-sized.
    expect(bodyRuleFor('/trpc/mediaUploads.episodeCover', true).bytes).toBe(bodyRuleFor('/api/media/upload/cover_art').bytes);
    expect(bodyRuleFor('/trpc/mediaUploads.library', true).bytes).toBe(bodyRuleFor('/api/media/upload/main_content').bytes);
    expect(bodyRuleFor('/trpc/podcasts.update', true).bytes).toBe(bodyRuleFor('/api/media/upload/cover_art').bytes);
    expect(bodyRuleFor('/trpc/podcasts.update').bytes).toBe(BODY_LIMITS.jsonBytes);
    expect(bodyRuleFor('/trpc/templates.create', true).bytes).toBe(BODY_LIMITS.jsonBytes);
  });
});
