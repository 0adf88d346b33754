import { z } from 'zod';
import { MediaItemSchema, type MediaItem } from '../media/media-item.entity.ts';
import { PodcastSchema, type Podcast } from '../podcasts/podcast.entity.ts';
import { TemplateSchema, type Template } from '../templates/template.entity.ts';
import { Repository } from '../../db/repository.ts';

/**
 * Tables a reset keeps: the migration ledger (the schema stays), the users and sessions tables (the
 * admin who asked keeps their account and stays signed in; everyone else's rows are deleted) and
 * the music library (its built-in beds are rendered once per instance; added beds are deleted).
 */
const KEPT_TABLES = ['mikro_orm_migrations', 'users', 'sessions', 'music_assets'] as const;

const ZTableRow = z.object({ tablename: z.string() });
const ZCount = z.object({ n: z.coerce.number() });

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The Dev Tools' ORM access: the demo show's parts by name, and the reset's SQL. */
export class DevToolsRepository extends Repository {
  findShow(userId: string, name: string): Promise<Podcast | null> {
    return this.em.findOne(PodcastSchema, { user: userId, name }, { orderBy: { createdAt: 'asc' } });
  }

  findTemplate(userId: string, podcastId: string, name: string): Promise<Template | null> {
    return this.em.findOne(TemplateSchema, { user: userId, podcast: podcastId, name }, { orderBy: { createdAt: 'asc' } });
  }

  /** A library clip or upload of the user's by its name, unless it failed. */
  findMedia(userId: string, category: string, friendlyName: string): Promise<MediaItem | null> {
    return this.em.findOne(
      MediaItemSchema,
      { user: userId, category, friendlyName, status: { $ne: 'error' } },
      { orderBy: { createdAt: 'asc' } },
    );
  }

  /**
   * Empties every other table of the public schema in one statement (it fails, changing nothing,
   * should a kept table refer to one of them), then deletes every other account (their sessions
   * go with them) and the added music, all in one transaction. The job queue's own schema is not touched.
   */
  async reset(keepUserId: string): Promise<{ tablesCleared: number; usersRemoved: number }> {
    return this.em.transactional(async (tx) => {
      const rows = z
        .array(ZTableRow)
        .parse(await tx.execute(`select tablename from pg_tables where schemaname = 'public' order by tablename`));
      const tables = rows.map((r) => r.tablename).filter((name) => !(KEPT_TABLES as readonly string[]).includes(name));
      if (tables.length > 0) await tx.execute(`truncate table ${tables.map(quoted).join(', ')} restart identity`);
      const removed = ZCount.parse(
        (await tx.execute(`with gone as (delete from users where id <> ? returning 1) select count(*) as n from gone`, [keepUserId]))[0],
      );
      await tx.execute(`delete from music_assets where source <> 'builtin'`);
      await tx.execute(`update music_assets set is_active = true where not is_active`);
      tx.clear();
      return { tablesCleared: tables.length, usersRemoved: removed.n };
    });
  }
}
