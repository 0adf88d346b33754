import { TUS_PROTOCOL } from '@ppp/contracts';
import { Repository } from '../../db/repository.ts';

/** A finished tus upload as its owner may still ask about it: its whole length and the media item it became. */
export interface FinishedUpload {
  mediaId: string;
  length: number;
}

const KEPT = `make_interval(hours => ${TUS_PROTOCOL.finishedKeptHours})`;

/** The finished_uploads table: each finished tus upload for TUS_PROTOCOL.finishedKeptHours after it finished. */
export class FinishedUploadsRepository extends Repository {
  /** Keeps the finished upload (again: the same id twice is one row), and lets those past their day go. */
  async record(id: string, userId: string, mediaId: string, length: number): Promise<void> {
    await this.em.execute(`delete from finished_uploads where finished_at < now() - ${KEPT}`, [], 'run');
    await this.em.execute(
      'insert into finished_uploads (id, user_id, media_id, length) values (?, ?, ?, ?) on conflict (id) do nothing',
      [id, userId, mediaId, length],
      'run',
    );
  }

  /** The user's finished upload `id`, while it is kept. */
  async find(id: string, userId: string): Promise<FinishedUpload | null> {
    const [row] = await this.em.execute<{ media_id: string; length: string }[]>(
      `select media_id, length::text as length from finished_uploads where id = ? and user_id = ? and finished_at >= now() - ${KEPT}`,
      [id, userId],
    );
    return row ? { mediaId: row.media_id, length: Number(row.length) } : null;
  }
}
