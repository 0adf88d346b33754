/**
 * The plans' upload queue storage at upload (spec 002 §9 'Queue storage: N hrs'), over REST and tRPC
 * with two users on different plans: a main-content upload that would take the unused uploads past
 * the plan's hours is refused with 402 QUEUE_STORAGE_FULL in words and nothing is stored; the same
 * upload fits on the bigger plan; an upload used by an episode no longer counts; library clips never do;
 * a tus upload is refused at its creation when the queue is already full.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { QUEUE_STORAGE_MESSAGES } from '@ppp/contracts';
import { closeApiBed, startUsersBed } from '../support/api-bed.ts';
import { errorOf, type HttpResult, type TestServer } from '../support/http.ts';
import { tempDir, toneFile, uploadForm } from '../support/audio-files.ts';
import { mediaItemRow, seedShow } from '../support/episodes.ts';
import { createTusUpload } from '../support/tus-client.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';

let orm: MikroORM;
let api: TestServer;
let files: { dir: string; remove: () => void };
let storage: { dir: string; remove: () => void };
let starter: { token: string; id: string };
let free: { token: string; id: string };
const sql = <T extends object>(query: string, params: unknown[] = []) => orm.em.fork().getConnection().execute<T[]>(query, params);

async function upload(token: string, category: string, file: string, name: string): Promise<HttpResult> {
  const res = await fetch(`${api.baseUrl}/api/media/upload/${category}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: uploadForm([file], { friendly_names: JSON.stringify([name]) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? (JSON.parse(text) as unknown) : null };
}

/** An earlier upload of the user, already probed at `seconds`, waiting in the queue. */
async function queued(userId: string, seconds: number, name: string): Promise<string> {
  const em = orm.em.fork();
  const item = mediaItemRow(em, userId, name, { durationSeconds: seconds });
  await em.flush();
  return item.id;
}

const rowsOf = async (userId: string) =>
  (await sql<{ friendly_name: string }>(`select friendly_name from media_items where user_id = ? order by created_at`, [userId])).map(
    (r) => r.friendly_name,
  );
const storedOf = (userId: string): string[] => {
  try {
    return readdirSync(path.join(storage.dir, 'users', userId, 'media'));
  } catch {
    return [];
  }
};

beforeAll(async () => {
  files = tempDir('ppp-queue-files-');
  ({ orm, api, storage, admin: starter, user: free } = await startUsersBed('ppp-queue-storage-'));
  // Starter holds 2 hrs of unused uploads, Free 1 hr (the tier table's queue_storage_hours).
  await sql(`update users set tier = 'starter' where id = ?`, [starter.id]);
  await sql(`update users set tier = 'free' where id = ?`, [free.id]);
});
afterAll(async () => {
  await closeApiBed({ api, orm, storage });
  files?.remove();
});

describe('upload queue storage', () => {
  it("refuses the upload that would pass the Free plan's hour, stores nothing, and lets the Starter plan take it", async () => {
    const waiting = await queued(free.id, 3590, 'free-waiting');
    await queued(starter.id, 3590, 'starter-waiting');
    const take = toneFile(files.dir, 'take.wav', 15);

    const refused = await upload(free.token, 'main_content', take, 'One take too many');
    expect(errorOf(refused)).toEqual({
      status: 402,
      code: 'QUEUE_STORAGE_FULL',
      detail: QUEUE_STORAGE_MESSAGES.full({ planName: 'Free', limitSeconds: 3600, queuedSeconds: 3590, uploadSeconds: 15 }),
    });
    expect(errorOf(refused).detail).toBe(
      'Your upload queue is full. The Free plan holds 1 hr of audio waiting to become episodes: you have 1 hr waiting and this file is 1 min. ' +
        'Use or delete an upload you have, or upgrade your plan for more queue storage.',
    );
    expect(await rowsOf(free.id)).toEqual(['free-waiting']);
    expect(storedOf(free.id)).toEqual([]);

    // The tRPC twin is the same service: refused in the same words.
    const form = uploadForm([take], { category: 'main_content', friendly_names: JSON.stringify(['Over tRPC']) });
    const viaTrpc = await fetch(`${api.baseUrl}/trpc/mediaUploads.library`, {
      method: 'POST',
      headers: { authorization: `Bearer ${free.token}` },
      body: form,
    });
    expect(viaTrpc.status).toBe(402);
    expect(await viaTrpc.text()).toContain('Your upload queue is full. The Free plan holds 1 hr');
    expect(await rowsOf(free.id)).toEqual(['free-waiting']);

    const accepted = await upload(starter.token, 'main_content', take, 'Fits on Starter');
    expect(accepted.status, accepted.text).toBe(201);
    expect(await rowsOf(starter.id)).toEqual(['starter-waiting', 'Fits on Starter']);

    // Once an episode uses the waiting upload it leaves the queue, and the free creator's upload fits.
    const podcastId = await seedShow(orm, new LocalStorage(storage.dir), free.id, 'Free Show', null);
    const em = orm.em.fork();
    em.create(EpisodeSchema, { user: free.id, podcast: podcastId, title: 'Made from it', sourceMedia: waiting });
    await em.flush();
    const now = await upload(free.token, 'main_content', take, 'Fits now');
    expect(now.status, now.text).toBe(201);
    expect(await rowsOf(free.id)).toEqual(['free-waiting', 'Fits now']);
    expect(storedOf(free.id)).toHaveLength(1);

    // Library clips are not the queue: an intro is stored with the queue full again.
    await queued(free.id, 3600, 'free-full-again');
    expect((await upload(free.token, 'intro', toneFile(files.dir, 'intro.wav', 2), 'Intro')).status).toBe(201);

    // tus: a full queue refuses a main-content upload at its creation, before any byte; Starter's is created.
    const meta = { filename: 'take.wav', category: 'main_content', friendly_name: 'Resumable take' };
    const tusRefused = await createTusUpload(api, free.token, statSync(take).size, meta);
    expect(tusRefused.status).toBe(402);
    expect(await tusRefused.text()).toBe(
      'Your upload queue is full. The Free plan holds 1 hr of audio waiting to become episodes: you have 1 hr 1 min waiting. ' +
        'Use or delete an upload you have, or upgrade your plan for more queue storage.',
    );
    expect((await createTusUpload(api, starter.token, statSync(take).size, meta)).status).toBe(201);
  });
});
