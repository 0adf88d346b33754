import { type TNotification } from '@ppp/contracts';
import { orNotFound } from '../errors.ts';
import type { User } from '../users/user.entity.ts';
import type { Notification } from './notification.entity.ts';
import type { NotificationsRepository, TNewNotice } from './notifications.repository.ts';

function toDto(row: Notification): TNotification {
  return { id: row.id, title: row.title, body: row.body, created_at: row.createdAt, read_at: row.readAt ?? null, link: row.link ?? null };
}

/** The bell: a user's notices, newest first; unread until read; each opens what it is about. */
export class NotificationsService {
  private readonly repo: NotificationsRepository;
  constructor(repo: NotificationsRepository) {
    this.repo = repo;
  }

  async findForUser(user: Pick<User, 'id'>): Promise<TNotification[]> {
    return (await this.repo.newestOf(user.id)).map(toDto);
  }

  async unreadCount(user: Pick<User, 'id'>): Promise<number> {
    return this.repo.unreadCountOf(user.id);
  }

  async markRead(user: Pick<User, 'id'>, id: string): Promise<TNotification> {
    const row = orNotFound(await this.repo.findOwned(user.id, id), 'Notification not found');
    row.readAt ??= new Date();
    await this.repo.save();
    return toDto(row);
  }

  async markAllRead(user: Pick<User, 'id'>): Promise<number> {
    return this.repo.markAllRead(user.id);
  }

  /** Writes a notice once per dedupe key: a job that runs twice does not ring the bell twice. */
  async notify(userId: string, notice: TNewNotice): Promise<void> {
    await this.repo.insertOnce(userId, notice);
  }

  /**
   * A notice about a show: to its owner, and to the members of the owner's workspace who work on
   * the show (issue 34), each once (their dedupe key is the owner's with their id).
   */
  async notifyShow(owner: { id: string }, podcastId: string, notice: TNewNotice): Promise<void> {
    await this.notify(owner.id, notice);
    for (const memberId of await this.repo.membersOnShow(owner.id, podcastId)) {
      await this.notify(memberId, { ...notice, dedupeKey: notice.dedupeKey ? `${notice.dedupeKey}:${memberId}` : notice.dedupeKey });
    }
  }
}
