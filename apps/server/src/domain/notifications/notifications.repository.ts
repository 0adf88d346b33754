import { z } from 'zod';
import { NOTIFICATION_LIMIT } from '@ppp/contracts';
import { NotificationSchema, type Notification } from './notification.entity.ts';
import { Repository } from '../../db/repository.ts';

export interface TNewNotice {
  title: string;
  body: string;
  /** A job that runs twice writes the same notice once. */
  dedupeKey?: string | undefined;
  /** The app path of what the notice is about. */
  link?: string | null | undefined;
}

/** The notifications table, always scoped to one user. */
export class NotificationsRepository extends Repository {
  newestOf(userId: string): Promise<Notification[]> {
    return this.em.find(NotificationSchema, { user: userId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: NOTIFICATION_LIMIT });
  }

  unreadCountOf(userId: string): Promise<number> {
    return this.em.count(NotificationSchema, { user: userId, readAt: null });
  }

  /** One of the user's notices; null for another user's, a malformed id or a missing one. */
  async findOwned(userId: string, id: string): Promise<Notification | null> {
    if (!z.uuid().safeParse(id).success) return null;
    return this.em.findOne(NotificationSchema, { id, user: userId });
  }

  markAllRead(userId: string): Promise<number> {
    return this.em.nativeUpdate(NotificationSchema, { user: userId, readAt: null }, { readAt: new Date() });
  }

  /** Inserts a notice unless one with its dedupe key exists; true when this call wrote it. */
  async insertOnce(userId: string, notice: TNewNotice): Promise<boolean> {
    const rows = await this.em.getConnection().execute<{ id: string }[]>(
      `insert into notifications (id, user_id, title, body, dedupe_key, link, created_at) values (gen_random_uuid(), ?, ?, ?, ?, ?, now())
       on conflict (dedupe_key) do nothing returning id`,
      [userId, notice.title, notice.body, notice.dedupeKey ?? null, notice.link ?? null],
    );
    return rows.length > 0;
  }

  /** The members of a workspace who work on a show (given every show, or that one), issue 34. */
  async membersOnShow(ownerId: string, podcastId: string): Promise<string[]> {
    const rows = await this.em
      .getConnection()
      .execute<{ member_id: string }[]>(
        `select member_id from workspace_members where owner_id = ? and (podcast_ids is null or podcast_ids @> ?::jsonb)`,
        [ownerId, JSON.stringify([podcastId])],
      );
    return rows.map((row) => row.member_id);
  }

  save(): Promise<void> {
    return this.em.flush();
  }
}
