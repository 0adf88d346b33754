import { BYTES_PER_MB, UNFINISHED_UPLOADS, unfinishedUploadsCapMessage } from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { UnfinishedUploadsRepository } from './unfinished-uploads.repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A user's unfinished tus uploads (issue 24), in PostgreSQL so every server counts the same: each
 * upload is counted from its creation to its end (finished, refused, cancelled or removed as
 * abandoned) at what it may still grow to, and its last chunk's time is kept.
 */
export class UnfinishedUploads {
  private readonly uploads: UnfinishedUploadsRepository;
  constructor(uploads: UnfinishedUploadsRepository) {
    this.uploads = uploads;
  }

  /**
   * Counts a new upload of `bytes` at most for its user, or refuses it (429, in words a creator
   * understands) when the user's unfinished uploads are at their cap in number or in size.
   */
  async reserve(userId: string, id: string, bytes: number): Promise<void> {
    await this.uploads.reserve(userId, id, bytes, (held) => {
      if (held.count >= UNFINISHED_UPLOADS.maxPerUser) throw new AppError('RATE_LIMITED', unfinishedUploadsCapMessage('count'));
      if (held.bytes + bytes > UNFINISHED_UPLOADS.maxTotalMb * BYTES_PER_MB)
        throw new AppError('RATE_LIMITED', unfinishedUploadsCapMessage('size'));
    });
  }

  /** The upload ended (finished, refused, cancelled, removed): it no longer counts. */
  async forget(id: string): Promise<void> {
    await this.uploads.forget(id);
  }

  /**
   * Removes the uploads that received nothing for UNFINISHED_UPLOADS.idleHours: `remove` drops
   * each one's data, then it stops counting. One whose chunk is being written right now (its tus
   * lock is held) is left for the next run. Returns how many were removed.
   */
  async removeIdle(remove: (id: string) => Promise<void>): Promise<number> {
    const idleSecs = (UNFINISHED_UPLOADS.idleHours * HOUR_MS) / 1000;
    let removed = 0;
    // Still idle when its turn comes (a chunk may have come since): it stops counting, and its data goes before the commit.
    for (const id of await this.uploads.idleIds(idleSecs)) if (await this.uploads.forgetIfIdle(id, idleSecs, remove)) removed += 1;
    return removed;
  }
}
