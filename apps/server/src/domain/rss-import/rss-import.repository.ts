import type { EntityManager } from '@mikro-orm/postgresql';
import { RSS_IMPORT } from '@ppp/contracts';

/** Statuses of an import whose job is still reading the feed and writing episodes. */
const RUNNING = ['queued', 'importing'];

/** The queries behind "one running import per user" (issue 14). */
export class RssImportRepository {
  private readonly em: EntityManager;
  constructor(em: EntityManager) {
    this.em = em;
  }

  /** Whether the user has an import still running; one whose row has not moved for an hour was lost and does not count. */
  async hasRunning(userId: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select id from rss_imports
       where user_id = ? and status in (${RUNNING.map(() => '?').join(', ')})
         and updated_at > now() - make_interval(secs => ?)
       limit 1`,
      [userId, ...RUNNING, RSS_IMPORT.runningStaleAfterMs / 1000],
    );
    return rows.length > 0;
  }

  /**
   * Serialises the starts of one user until the surrounding transaction ends, so two parallel
   * starts cannot both find no running import and both write one.
   */
  async lockStartsOf(userId: string): Promise<void> {
    await this.em.execute(`select pg_advisory_xact_lock(hashtext('rss-import-start'), hashtext(?))`, [userId]);
  }
}
