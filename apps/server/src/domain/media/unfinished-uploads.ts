import type { EntityManager } from '@mikro-orm/postgresql';
import { BYTES_PER_MB, UNFINISHED_UPLOADS, unfinishedUploadsCapMessage } from '@ppp/contracts';
import { AppError } from '../errors.ts';

/** Advisory-lock namespace of tus uploads (the first key of the two-key form): the tus locker holds it while a chunk is written. */
export const TUS_LOCK_NAMESPACE = 727002;
/** Advisory-lock namespace serialising one user's new uploads, so parallel creations cannot pass the cap together. */
const USER_LOCK_NAMESPACE = 727003;

const HOUR_MS = 60 * 60 * 1000;

/**
 * A user's unfinished tus uploads (issue 24), in PostgreSQL so every server counts the same: each
 * upload is counted from its creation to its end (finished, refused, cancelled or removed as
 * abandoned) at what it may still grow to, and its last chunk's time is kept.
 */
export class UnfinishedUploads {
  private readonly em: EntityManager;
  constructor(em: EntityManager) {
    this.em = em;
  }

  /**
   * Counts a new upload of `bytes` at most for its user, or refuses it (429, in words a creator
   * understands) when the user's unfinished uploads are at their cap in number or in size.
   */
  async reserve(userId: string, id: string, bytes: number): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(?, hashtext(?))', [USER_LOCK_NAMESPACE, userId], 'run');
      const [held] = await tx.execute<{ count: number; bytes: string }[]>(
        'select count(*)::int as count, coalesce(sum(reserved_bytes), 0)::text as bytes from unfinished_uploads where user_id = ?',
        [userId],
      );
      if ((held?.count ?? 0) >= UNFINISHED_UPLOADS.maxPerUser) throw new AppError('RATE_LIMITED', unfinishedUploadsCapMessage('count'));
      if (Number(held?.bytes ?? 0) + bytes > UNFINISHED_UPLOADS.maxTotalMb * BYTES_PER_MB)
        throw new AppError('RATE_LIMITED', unfinishedUploadsCapMessage('size'));
      await tx.execute('insert into unfinished_uploads (id, user_id, reserved_bytes) values (?, ?, ?)', [id, userId, bytes], 'run');
    });
  }

  /** A chunk of the upload arrived (or is arriving): it is not abandoned. */
  async touch(id: string): Promise<void> {
    await this.em.execute('update unfinished_uploads set last_activity_at = now() where id = ?', [id], 'run');
  }

  /** The upload ended (finished, refused, cancelled, removed): it no longer counts. */
  async forget(id: string): Promise<void> {
    await this.em.execute('delete from unfinished_uploads where id = ?', [id], 'run');
  }

  /**
   * Removes the uploads that received nothing for UNFINISHED_UPLOADS.idleHours: `remove` drops
   * each one's data, then it stops counting. One whose chunk is being written right now (its tus
   * lock is held) is left for the next run. Returns how many were removed.
   */
  async removeIdle(remove: (id: string) => Promise<void>): Promise<number> {
    const idleSecs = (UNFINISHED_UPLOADS.idleHours * HOUR_MS) / 1000;
    const idle = await this.em.execute<{ id: string }[]>(
      'select id from unfinished_uploads where last_activity_at < now() - make_interval(secs => ?) order by last_activity_at',
      [idleSecs],
    );
    let removed = 0;
    for (const { id } of idle) {
      const done = await this.em.fork().transactional(async (tx) => {
        const [lock] = await tx.execute<{ ok: boolean }[]>('select pg_try_advisory_xact_lock(?, hashtext(?)) as ok', [
          TUS_LOCK_NAMESPACE,
          id,
        ]);
        if (!lock?.ok) return false;
        // Still idle (a chunk may have come since): it stops counting, and its data goes before the commit.
        const gone = await tx.execute<{ id: string }[]>(
          'delete from unfinished_uploads where id = ? and last_activity_at < now() - make_interval(secs => ?) returning id',
          [id, idleSecs],
        );
        if (gone.length === 0) return false;
        await remove(id);
        return true;
      });
      if (done) removed += 1;
    }
    return removed;
  }
}
