/**
 * Requests that try to exhaust memory: every route has a body limit applied before anything is
 * read, so an oversized body is a 413 and the server's memory stays where it was.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { BODY_LIMITS, MEDIA_MESSAGES } from '@ppp/contracts';
import { UserSchema } from '../../src/domain/users/user.entity.ts';
import { bodyRuleFor } from '../../src/http/body-limits.ts';
import { openTestOrm } from '../support/database.ts';
import { startTestServer, twoUsers, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;
let token: string;
const MB = 1024 * 1024;

beforeAll(async () => {
  const db = await openTestOrm();
  orm = db.orm;
  api = await startTestServer(orm, db.databaseUrl);
  token = (await twoUsers(api)).admin.token;
});
afterAll(async () => {
  await api?.close();
  await orm?.close();
});

/**
 * Streams `totalBytes` of junk to a path in 64 KB writes (with or without a declared length), after
 * an optional `head` (a form part's headers, so a form reader keeps reading one field), and stops as
 * soon as the server answers; resolves with the status and body.
 */
function flood(path: string, totalBytes: number, declareLength: boolean, headers: Record<string, string> = {}, head = '') {
  return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
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
    let sent = 0;
    let answered = false;
    if (head) {
      req.write(head);
      sent += Buffer.byteLength(head);
    }
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => (body += d));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, sent });
      });
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      while (!answered && sent < totalBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe('bodies and limits', () => {
  it('a 150 MB body to /api/auth/register answers 413 at once, creates no account and the server memory barely moves', async () => {
    const users = await orm.em.fork().count(UserSchema, {});
    global.gc?.();
    const before = process.memoryUsage().rss;
    const declared = await flood('/api/auth/register', 150 * MB, true);
    const streamed = await flood('/api/auth/register', 150 * MB, false);
    const grown = process.memoryUsage().rss - before;
    for (const res of [declared, streamed]) {
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ detail: BODY_LIMITS.tooLargeMessage, code: 'PAYLOAD_TOO_LARGE' });
      expect(res.sent).toBeLessThan(150 * MB);
    }
    expect(grown).toBeLessThan(8 * MB);
    expect(await orm.em.fork().count(UserSchema, {})).toBe(users);
  });

  it('a chunked 150 MB multipart body to unauthenticated routes (REST and tRPC sign-in) answers 413 and the server memory barely moves', async () => {
    const users = await orm.em.fork().count(UserSchema, {});
    const multipart = { 'content-type': 'multipart/form-data; boundary=x' };
    const head = '--x\r\ncontent-disposition: form-data; name="email"\r\n\r\n';
    global.gc?.();
    const before = process.memoryUsage().rss;
    const register = await flood('/api/auth/register', 150 * MB, false, multipart, head);
    const login = await flood('/trpc/auth.login', 150 * MB, false, multipart, head);
    const grown = process.memoryUsage().rss - before;
    for (const res of [register, login]) {
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ detail: BODY_LIMITS.tooLargeMessage, code: 'PAYLOAD_TOO_LARGE' });
      expect(res.sent).toBeLessThan(150 * MB);
    }
    expect(grown).toBeLessThan(8 * MB);
    expect(await orm.em.fork().count(UserSchema, {})).toBe(users);
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
    // Read whole and refused as the malformed form it is, instead of 413 at the 2 MB mark.
    expect(res.status).toBe(400);
    expect(res.body).toContain('Failed to parse body as FormData.');
  });

  it('gives the smallest limit to unauthenticated routes and the category limit to uploads', () => {
    expect(bodyRuleFor('/api/auth/token').bytes).toBe(BODY_LIMITS.unauthenticatedBytes);
    expect(bodyRuleFor('/api/public/waitlist').bytes).toBe(BODY_LIMITS.unauthenticatedBytes);
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
