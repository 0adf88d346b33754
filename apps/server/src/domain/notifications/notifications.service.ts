import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { NOTIFICATION_LIMIT, type TNotification } from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { User } from '../users/user.entity.ts';
import { NotificationSchema, type Notification } from './notification.entity.ts';

function toDto(row: Notification): TNotification {
  return { id: row.id, title: row.title, body: row.body, created_at: row.createdAt, read_at: row.readAt ?? null };
}

/** The bell: a user's notices, newest first; unread until read. */
export class NotificationsService {
  private readonly em: EntityManager;
  constructor(em: EntityManager) {
    this.em = em;
  }

  async findForUser(user: Pick<User, 'id'>): Promise<TNotification[]> {
    const rows = await this.em.find(
      NotificationSchema,
      { user: user.id },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: NOTIFICATION_LIMIT },
    );
    return rows.map(toDto);
  }

  async unreadCount(user: Pick<User, 'id'>): Promise<number> {
    return this.em.count(NotificationSchema, { user: user.id, readAt: null });
  }

  async markRead(user: Pick<User, 'id'>, id: string): Promise<TNotification> {
    const row = z.uuid().safeParse(id).success ? await this.em.findOne(NotificationSchema, { id, user: user.id }) : null;
    if (!row) throw new AppError('NOT_FOUND', 'Notification not found');
    row.readAt ??= new Date();
    await this.em.flush();
    return toDto(row);
  }

  async markAllRead(user: Pick<User, 'id'>): Promise<number> {
    return this.em.nativeUpdate(NotificationSchema, { user: user.id, readAt: null }, { readAt: new Date() });
  }

  /** Writes a notice once per dedupe key: a job that runs twice does not ring the bell twice. */
  async notify(userId: string, notice: { title: string; body: string; dedupeKey?: string }): Promise<void> {
    await this.em.getConnection().execute(
      `insert into notifications (id, user_id, title, body, dedupe_key, created_at) values (gen_random_uuid(), ?, ?, ?, ?, now())
       on conflict (dedupe_key) do nothing`,
      [userId, notice.title, notice.body, notice.dedupeKey ?? null],
    );
  }
}
