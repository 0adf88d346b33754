/**
 * The tus locks of two servers on one database (PgAdvisoryLocker, issue 20): a request that finds
 * an upload's lock taken asks its holder to let go, and takes it as the holder's release tells the
 * servers (the RELEASED notification) rather than by polling.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { PgAdvisoryLocker } from '../../src/http/tus/pg-locker.ts';
import { TUS_LOCK_NAMESPACE } from '../../src/domain/media/unfinished-uploads.repository.ts';
import { openTestOrm } from '../support/database.ts';

let orm: MikroORM;
let databaseUrl: string;
let servers: PgAdvisoryLocker[];

beforeAll(async () => {
  ({ orm, databaseUrl } = await openTestOrm());
  servers = [new PgAdvisoryLocker(orm), new PgAdvisoryLocker(orm)];
});
afterAll(async () => {
  await Promise.all(servers.map((locker) => locker.close()));
  await orm.close();
});

/** Whether some connection holds the upload's advisory lock. */
async function isHeld(id: string): Promise<boolean> {
  const rows = await orm.em
    .fork()
    .getConnection()
    .execute<{ held: boolean }[]>(
      `select exists(select 1 from pg_locks where locktype = 'advisory' and classid = ? and objid = hashtext(?)::oid and granted) as held`,
      [TUS_LOCK_NAMESPACE, id],
    );
  return rows[0]?.held ?? false;
}

describe('tus locks across two servers', () => {
  it('a request finding the lock taken asks the holder to let go, and takes it as the release is announced', async () => {
    const [a, b] = servers as [PgAdvisoryLocker, PgAdvisoryLocker];
    const id = `lock-test-${Date.now()}`;
    const announced = new pg.Client({ connectionString: databaseUrl });
    await announced.connect();
    const releases: string[] = [];
    announced.on('notification', (message) => releases.push(message.payload ?? ''));
    await announced.query('listen ppp_tus_lock_released');
    try {
      const held = a.newLock(id);
      let askedToLetGo!: () => void;
      const asked = new Promise<void>((resolve) => (askedToLetGo = resolve));
      await held.lock(new AbortController().signal, async () => askedToLetGo());
      expect(await isHeld(id)).toBe(true);

      const waiting = b.newLock(id);
      let taken = false;
      const taking = waiting.lock(new AbortController().signal, async () => undefined).then(() => (taken = true));
      await asked;
      expect(taken).toBe(false);

      await held.unlock();
      await taking;
      expect(await isHeld(id)).toBe(true);
      await waiting.unlock();
      await expect.poll(() => isHeld(id)).toBe(false);
      await expect.poll(() => releases.filter((payload) => payload === id).length).toBe(2);
    } finally {
      await announced.end();
    }
  });

  it('a request still waiting when it is aborted gives up with tus lock timeout, and the holder keeps the lock', async () => {
    const [a, b] = servers as [PgAdvisoryLocker, PgAdvisoryLocker];
    const id = `lock-abort-${Date.now()}`;
    const held = a.newLock(id);
    await held.lock(new AbortController().signal, async () => undefined);
    const abort = new AbortController();
    const waiting = b.newLock(id).lock(abort.signal, async () => undefined);
    abort.abort();
    await expect(waiting).rejects.toMatchObject({ status_code: 500 });
    expect(await isHeld(id)).toBe(true);
    await held.unlock();
    await expect.poll(() => isHeld(id)).toBe(false);
  });
});
