import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNFINISHED_UPLOADS } from '@ppp/contracts';
import { workerBed } from './support/worker-bed.ts';

const bed = workerBed({ name: 'ppp-cleanup' });
const { logs } = bed;

/** A partial tus upload as the file store leaves it: the bytes so far and a .json beside them. */
function partial(id: string, createdHoursAgo: number, received: number, size = 1000): string {
  const dir = path.join(bed.storage.dir, 'tus');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, id), Buffer.alloc(received));
  const creation = new Date(Date.now() - createdHoursAgo * 3600_000).toISOString();
  writeFileSync(
    path.join(dir, `${id}.json`),
    JSON.stringify({ id, size, offset: 0, metadata: { filename: 'a.wav' }, creation_date: creation }),
  );
  return path.join(dir, id);
}

/** Counts the upload for a user as the tus handler does, its last chunk `idleHours` ago. */
async function counted(id: string, userId: string, idleHours: number): Promise<void> {
  await bed.orm.em
    .fork()
    .execute(
      `insert into unfinished_uploads (id, user_id, reserved_bytes, created_at, last_activity_at) values (?, ?, 1000, now() - interval '30 hours', now() - make_interval(hours => ?))`,
      [id, userId, idleHours],
      'run',
    );
}

const rows = async () =>
  (await bed.orm.em.fork().execute<{ id: string }[]>('select id from unfinished_uploads order by id')).map((r) => r.id);

describe('uploads.cleanup', () => {
  it(`removes uploads idle for ${UNFINISHED_UPLOADS.idleHours} hours (from their last chunk, not their creation) and, as a backstop, any ${UNFINISHED_UPLOADS.maxAgeDays} days old`, async () => {
    const userId = randomUUID();
    await bed.orm.em
      .fork()
      .execute(
        `insert into users (id, email, created_at, updated_at) values (?, ?, now(), now())`,
        [userId, `${userId}@example.com`],
        'run',
      );
    // Both created 30 hours ago: one received nothing since, the other a chunk an hour ago.
    const idle = partial('idle00000', 30, 10);
    await counted('idle00000', userId, UNFINISHED_UPLOADS.idleHours + 1);
    const active = partial('active000', 30, 10);
    await counted('active000', userId, 1);
    // Left by an older version (no count): removed past the stores' own expiry only.
    const ancient = partial('ancient00', UNFINISHED_UPLOADS.maxAgeDays * 24 + 1, 10);
    const recent = partial('recent000', 30, 10);
    expect((await bed.runJobOnce('uploads.cleanup'))?.state).toBe('completed');
    for (const gone of [idle, ancient]) expect([existsSync(gone), existsSync(`${gone}.json`)]).toEqual([false, false]);
    for (const kept of [active, recent]) expect([existsSync(kept), existsSync(`${kept}.json`)]).toEqual([true, true]);
    expect(await rows()).toEqual(['active000']);
    expect(logs).toContain('uploads.cleanup: 1 idle and 1 expired partial uploads removed');
  });
});
