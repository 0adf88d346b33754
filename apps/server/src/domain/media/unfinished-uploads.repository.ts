import { Repository } from '../../db/repository.ts';

/** Advisory-lock namespace of tus uploads (the first key of the two-key form): the tus locker holds it while a chunk is written. */
export const TUS_LOCK_NAMESPACE = 727002;
/** Advisory-lock namespace serialising one user's new uploads, so parallel creations cannot pass the cap together. */
const USER_LOCK_NAMESPACE = 727003;

/** What a user's unfinished uploads hold: how many, and the bytes they may still grow to. */
export interface HeldUploads {
  count: number;
  bytes: number;
}

/** The unfinished_uploads table: each tus upload from its creation to its end, with what it may grow to and its last chunk's time. */
export class UnfinishedUploadsRepository extends Repository {
  /**
   * Adds an upload of `bytes` at most for its user, under a lock of that user's new uploads: `check`
   * is told what the user's unfinished uploads hold and throws to refuse (then nothing is added).
   */
  async reserve(userId: string, id: string, bytes: number, check: (held: HeldUploads) => void): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(?, hashtext(?))', [USER_LOCK_NAMESPACE, userId], 'run');
      const [held] = await tx.execute<{ count: number; bytes: string }[]>(
        'select count(*)::int as count, coalesce(sum(reserved_bytes), 0)::text as bytes from unfinished_uploads where user_id = ?',
        [userId],
      );
      check({ count: held?.count ?? 0, bytes: Number(held?.bytes ?? 0) });
      await tx.execute('insert into unfinished_uploads (id, user_id, reserved_bytes) values (?, ?, ?)', [id, userId, bytes], 'run');
    });
  }

  /** The upload ended: it no longer counts. */
  async forget(id: string): Promise<void> {
    await this.em.execute('delete from unfinished_uploads where id = ?', [id], 'run');
  }

  /** The uploads that received nothing for `idleSecs`, longest idle first. */
  async idleIds(idleSecs: number): Promise<string[]> {
    const idle = await this.em.execute<{ id: string }[]>(
      'select id from unfinished_uploads where last_activity_at < now() - make_interval(secs => ?) order by last_activity_at',
      [idleSecs],
    );
    return idle.map((row) => row.id);
  }

  /**
   * Stops counting the upload if it is still idle and no chunk is being written (its tus lock is
   * free), with `remove` dropping its data before the commit; false when it was left alone.
   */
  async forgetIfIdle(id: string, idleSecs: number, remove: (id: string) => Promise<void>): Promise<boolean> {
    return this.em.fork().transactional(async (tx) => {
      const [lock] = await tx.execute<{ ok: boolean }[]>('select pg_try_advisory_xact_lock(?, hashtext(?)) as ok', [
        TUS_LOCK_NAMESPACE,
        id,
      ]);
      if (!lock?.ok) return false;
      const gone = await tx.execute<{ id: string }[]>(
        'delete from unfinished_uploads where id = ? and last_activity_at < now() - make_interval(secs => ?) returning id',
        [id, idleSecs],
      );
      if (gone.length === 0) return false;
      await remove(id);
      return true;
    });
  }
}
