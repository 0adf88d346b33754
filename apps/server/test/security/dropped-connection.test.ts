/**
 * PostgreSQL dropping a connection that holds an advisory lock (a restart, a failover; here
 * pg_terminate_backend) must not end the process: the publish lock's work finishes or fails cleanly
 * and the lock can be taken again; a tus upload holding its lock is ended and can be resumed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { closeApiBed, startUsersBed } from '../support/api-bed.ts';
import { readFileSync } from 'node:fs';
import { toneFile } from '../support/audio-files.ts';
import { type TestServer } from '../support/http.ts';
import { tusPatchHeaders } from '../support/tus-client.ts';
import { withEpisodeLock } from '../../src/domain/publishing/episode-lock.ts';

let orm: MikroORM;
let api: TestServer;
let databaseUrl: string;
let token: string;
let storage: { dir: string; remove: () => void };

const sql = <T extends object>(query: string, params: unknown[] = []) => orm.em.fork().getConnection().execute<T[]>(query, params);

/** Terminates the backends holding an advisory lock of the namespace (the first key of the two-key form); how many. */
async function dropLockHolders(namespace: number): Promise<number> {
  const rows = await sql<{ ok: boolean }>(
    `select pg_terminate_backend(pid) as ok from pg_locks where locktype = 'advisory' and classid = ? and granted`,
    [namespace],
  );
  return rows.length;
}

beforeAll(async () => {
  let admin: { token: string };
  ({ orm, api, databaseUrl, storage, admin } = await startUsersBed('ppp-dropped-connection-'));
  token = admin.token;
});
afterAll(() => closeApiBed({ api, orm, storage }));

describe('a dropped database connection while a lock is held', () => {
  it('the publish lock: its work finishes, the process lives, and the lock can be taken again', async () => {
    const episodeId = '00000000-0000-4000-8000-00000000d10c';
    const value = await withEpisodeLock(databaseUrl, episodeId, async () => {
      expect(await dropLockHolders(727006)).toBe(1);
      await new Promise((r) => setTimeout(r, 300));
      return 'finished';
    });
    expect(value).toBe('finished');
    expect(await withEpisodeLock(databaseUrl, episodeId, () => Promise.resolve('again'), 2_000)).toBe('again');
  });

  it('a tus upload: the request holding the lock is ended, the server answers on, and the upload resumes', async () => {
    const audio = readFileSync(toneFile(storage.dir, 'drop.wav', 2, 440));
    const total = audio.length;
    const created = await fetch(`${api.baseUrl}/files/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-length': String(total),
        'upload-metadata': `filename ${Buffer.from('drop.wav').toString('base64')},category ${Buffer.from('music').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const url = new URL(created.headers.get('location') ?? '', api.baseUrl).toString();
    // A PATCH that sends 1 KB and then stalls, holding the upload's lock.
    let stall: () => void = () => undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(audio.subarray(0, 1024));
        stall = () => controller.close();
      },
    });
    const patch = fetch(url, {
      method: 'PATCH',
      headers: tusPatchHeaders(token),
      body,
      duplex: 'half',
    } as RequestInit).catch((error: unknown) => error);
    const deadline = Date.now() + 10_000;
    let dropped = 0;
    while (dropped === 0) {
      if (Date.now() > deadline) throw new Error('the PATCH never took its lock');
      await new Promise((r) => setTimeout(r, 50));
      dropped = await dropLockHolders(727002);
    }
    await new Promise((r) => setTimeout(r, 300));
    stall();
    await patch;
    const head = await fetch(url, { method: 'HEAD', headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' } });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeLessThanOrEqual(1024);
    // The protocol's answer to a chunk sent with the wrong Content-Type: 415, and nothing written.
    const wrongType = await fetch(url, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'text/plain',
      },
      body: audio.subarray(offset),
    });
    expect(wrongType.status).toBe(415);
    const rest = await fetch(url, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: audio.subarray(offset),
    });
    expect(rest.ok).toBe(true);
    expect(rest.headers.get('upload-offset')).toBe(String(total));
  });
});
