/**
 * Storage outages (issue 35) on S3-compatible storage (the stand-in made to answer 503 for a while):
 * tus HEAD and PATCH answer 503 with Retry-After, never 404, so a client keeps its upload and
 * resumes; the acknowledged offset never moves backwards (a tail under the 5 MiB part minimum
 * survives a PATCH cut off mid-way); /api/health says storage is down (503) and up again; the
 * finished upload is stored byte for byte (sha256 of the source).
 */
import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { STORAGE_MESSAGES, STORAGE_OUTAGE, ZMediaItem } from '@ppp/contracts';
import { openTestOrm } from '../support/database.ts';
import { startTestServer, twoUsers, type TestServer } from '../support/http.ts';
import { sha256, tempDir, toneFile } from '../support/audio-files.ts';
import { s3Env, startS3StandIn, type S3StandIn } from '../support/s3-stand-in.ts';
import { createTusUpload, patchTusChunk, tusIdOf, tusMediaItemOf, tusOffsetOn, tusPatchHeaders } from '../support/tus-client.ts';

const BUCKET = 'ppp-outage';
const MIB = 1024 * 1024;

let orm: MikroORM;
let standIn: S3StandIn;
let files: ReturnType<typeof tempDir>;
let node: ReturnType<typeof tempDir>;
let api: TestServer;
let token: string;

beforeAll(async () => {
  files = tempDir();
  node = tempDir('ppp-outage-node-');
  standIn = await startS3StandIn([BUCKET]);
  const db = await openTestOrm();
  orm = db.orm;
  api = await startTestServer(orm, db.databaseUrl, {
    ...s3Env(standIn, BUCKET),
    DATA_DIR: node.dir,
    STORAGE_DIR: path.join(node.dir, 'storage'),
    SCRATCH_DIR: path.join(node.dir, 'scratch'),
  });
  ({ token } = (await twoUsers(api)).admin);
});
afterAll(async () => {
  standIn?.setDown(false);
  await api?.close();
  await orm?.close();
  await standIn?.close();
  files?.remove();
  node?.remove();
});

const health = async () => {
  const res = await api.request('GET', '/api/health');
  return { status: res.status, body: res.body as { storage?: string; database?: string }, retryAfter: res.headers.get('retry-after') };
};

/** A PATCH that sends `sent` bytes of `body` and then is cut off (the connection destroyed). */
function cutPatch(id: string, offset: number, body: Buffer, sent: number): Promise<void> {
  const url = new URL(`/files/${id}`, api.baseUrl);
  return new Promise((resolve) => {
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'PATCH',
      headers: { ...tusPatchHeaders(token, offset), 'content-length': String(body.length) },
    });
    req.on('error', () => resolve());
    req.on('response', () => resolve());
    req.write(body.subarray(0, sent), () => setTimeout(() => req.destroy(), 300));
  });
}

describe('a storage outage mid-upload', () => {
  it('answers 503 with Retry-After (never 404), keeps the acknowledged offset, reports health, and the upload resumes whole', async () => {
    const data = readFileSync(toneFile(files.dir, 'outage.wav', 30, 330, ['-ac', '2', '-ar', '44100']));
    expect(data.length).toBeGreaterThan(4 * MIB);
    const created = await createTusUpload(api, token, data.length, {
      filename: 'outage.wav',
      category: 'main_content',
      friendly_name: 'Outage',
    });
    expect(created.status).toBe(201);
    const id = tusIdOf(created);

    // 1 MiB acknowledged: a tail under the part minimum ({id}.part).
    const first = await patchTusChunk(api, token, id, 0, data.subarray(0, MIB));
    expect(first.status).toBe(204);
    expect(standIn.keys(BUCKET)).toContain(`${id}.part`);

    // A PATCH cut off mid-way leaves the upload at least where it was acknowledged.
    await cutPatch(id, MIB, data.subarray(MIB, 3 * MIB), MIB / 2);
    await sleep(500);
    const afterCut = await tusOffsetOn(api, token, id);
    expect(afterCut.status).toBe(200);
    expect(afterCut.offset).toBeGreaterThanOrEqual(MIB);

    standIn.setDown(true);
    const head = await fetch(`${api.baseUrl}/files/${id}`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' },
    });
    expect(head.status).toBe(503);
    expect(head.headers.get('retry-after')).toBe(String(STORAGE_OUTAGE.retryAfterSeconds));
    const refused = await patchTusChunk(api, token, id, afterCut.offset, data.subarray(afterCut.offset, afterCut.offset + MIB));
    expect(refused.status).toBe(503);
    expect(await refused.text()).toContain(STORAGE_MESSAGES.unavailable);
    await expect.poll(async () => (await health()).status, { timeout: 15_000, interval: 1_000 }).toBe(503);
    const down = await health();
    expect(down.body).toMatchObject({ database: 'ok', storage: 'unavailable' });
    expect(down.retryAfter).toBeTruthy();

    standIn.setDown(false);
    await expect.poll(async () => (await health()).status, { timeout: 15_000, interval: 1_000 }).toBe(200);
    const resumed = await tusOffsetOn(api, token, id);
    expect(resumed).toEqual({ status: 200, offset: afterCut.offset });

    let offset = resumed.offset;
    let last: Response | null = null;
    while (offset < data.length) {
      const body = data.subarray(offset, offset + 3 * MIB);
      last = await patchTusChunk(api, token, id, offset, body);
      expect(last.status).toBe(204);
      offset += body.length;
      expect(Number(last.headers.get('upload-offset'))).toBe(offset);
    }
    const item = ZMediaItem.extend({ created_at: z.string() }).parse(await tusMediaItemOf(api, token, last!));
    const preview = z
      .object({ url: z.string() })
      .parse((await api.request('GET', `/api/media/preview?id=${item.id}&resolve=true`, { token })).body);
    const stored = Buffer.from(await (await fetch(`${api.baseUrl}${preview.url}`)).arrayBuffer());
    expect(sha256(stored)).toBe(sha256(data));
  }, 180_000);
});
