import type { PlanUser } from '../billing/feature-gate.ts';
import { Repository } from '../../db/repository.ts';

/** An upload waiting to become an episode, with when its owner was told it will go (null: not yet). */
export interface UnusedUpload {
  id: string;
  userId: string;
  name: string;
  createdAt: Date;
  noticedAt: Date | null;
}

/** The notice of an upload is the bell notice under this key: written once, its time says when the creator was told. */
export const expiryNoticeKey = (mediaId: string) => `upload-expiry:${mediaId}`;

/** The driver may hand timestamps back as text. */
const toDate = (value: Date | string): Date => new Date(value);

const UNUSED = `m.category = 'main_content' and not exists (select 1 from episodes e where e.source_media_id = m.id)`;

/** The upload queue of the plans: main-content uploads no episode uses. */
export class UploadQueueRepository extends Repository {
  /** Seconds of audio the user's unused uploads hold (an upload not yet probed counts as none). */
  async queuedSeconds(userId: string): Promise<number> {
    const [row] = await this.em.execute<{ seconds: number | null }[]>(
      `select sum(coalesce(m.duration_seconds, 0))::float8 as seconds from media_items m where m.user_id = ? and ${UNUSED}`,
      [userId],
    );
    return row?.seconds ?? 0;
  }

  /** The accounts with unused uploads uploaded before `before`, with their plan fields. */
  async ownersWithUnused(before: Date): Promise<PlanUser[]> {
    const rows = await this.em.execute<{ id: string; tier: string; subscription_expires_at: Date | string | null }[]>(
      `select u.id, u.tier, u.subscription_expires_at from users u
        where exists (select 1 from media_items m where m.user_id = u.id and m.created_at < ? and ${UNUSED})`,
      [before],
    );
    return rows.map((row) => ({
      id: row.id,
      tier: row.tier,
      subscriptionExpiresAt: row.subscription_expires_at === null ? null : toDate(row.subscription_expires_at),
    }));
  }

  /** One user's unused uploads uploaded before `before`, oldest first, with their notice time. */
  async unusedOf(userId: string, before: Date): Promise<UnusedUpload[]> {
    const rows = await this.em.execute<
      { id: string; friendly_name: string; created_at: Date | string; noticed_at: Date | string | null }[]
    >(
      `select m.id, m.friendly_name, m.created_at, n.created_at as noticed_at from media_items m
         left join notifications n on n.dedupe_key = 'upload-expiry:' || m.id::text
        where m.user_id = ? and m.created_at < ? and ${UNUSED} order by m.created_at, m.id`,
      [userId, before],
    );
    return rows.map((r) => ({
      id: r.id,
      userId,
      name: r.friendly_name,
      createdAt: toDate(r.created_at),
      noticedAt: r.noticed_at === null ? null : toDate(r.noticed_at),
    }));
  }

  /** Writes the upload's bell notice; false when it was already written (by an earlier or a concurrent run). */
  async claimNotice(upload: Pick<UnusedUpload, 'id' | 'userId'>, notice: { title: string; body: string; link: string }): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `insert into notifications (id, user_id, title, body, dedupe_key, link, created_at) values (gen_random_uuid(), ?, ?, ?, ?, ?, now())
       on conflict (dedupe_key) do nothing returning id`,
      [upload.userId, notice.title, notice.body, expiryNoticeKey(upload.id), notice.link],
    );
    return rows.length > 0;
  }

  /** The account's address, for the notice mail. */
  async emailOf(userId: string): Promise<string | null> {
    const [row] = await this.em.execute<{ email: string }[]>('select email from users where id = ?', [userId]);
    return row?.email ?? null;
  }

  /** Deletes the upload's row (its transcript follows) unless an episode uses it by now; true when it went. */
  async deleteIfUnused(mediaId: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(`delete from media_items m where m.id = ? and ${UNUSED} returning m.id`, [
      mediaId,
    ]);
    return rows.length > 0;
  }
}
