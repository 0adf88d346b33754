import { z } from 'zod';
import type { TAdminPodcastRow, TAdminUser } from '@ppp/contracts';
import { Repository } from '../../db/repository.ts';

const ZCount = z.coerce.number().int();
const ZDate = z.coerce.date();

const ZUserRow = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  picture: z.string().nullable(),
  tier: z.string(),
  role: z.string(),
  is_active: z.boolean(),
  created_at: ZDate,
  last_activity: ZDate.nullable(),
  episode_count: ZCount,
  subscription_expires_at: ZDate.nullable(),
  total: ZCount,
});

const ZPodcastRow = z.object({
  id: z.string(),
  name: z.string(),
  owner_email: z.string(),
  episode_count: ZCount,
  created_at: ZDate,
  last_episode_at: ZDate.nullable(),
  total: ZCount,
});

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Every user's and every show's rows, for the admin's Users and Podcasts tabs. */
export class AdminDirectoryRepository extends Repository {
  /** Newest accounts first; search matches the email, first, last or full name. */
  async usersPage(options: {
    search?: string | undefined;
    limit: number;
    offset: number;
  }): Promise<{ items: TAdminUser[]; total: number }> {
    const search = options.search ? containsPattern(options.search) : null;
    const rows = await this.em.getConnection().execute(
      `select u.id, u.email, u.first_name, u.last_name, u.picture, u.tier, u.role, u.is_active, u.created_at,
              u.subscription_expires_at,
              greatest(u.last_activity_at, (select max(s.created_at) from sessions s where s.user_id = u.id),
                       (select max(e.created_at) from episodes e where e.user_id = u.id)) as last_activity,
              (select count(*) from episodes e where e.user_id = u.id) as episode_count,
              count(*) over () as total
         from users u
        where (?::text is null or u.email ilike ? or u.first_name ilike ? or u.last_name ilike ?
               or concat_ws(' ', u.first_name, u.last_name) ilike ?)
        order by u.created_at desc, u.id
        limit ? offset ?`,
      [search, search, search, search, search, options.limit, options.offset],
    );
    const parsed = z.array(ZUserRow).parse(rows);
    const total = parsed[0]?.total ?? (options.offset > 0 ? await this.countUsers(search) : 0);
    return {
      total,
      items: parsed.map((r) => ({
        id: r.id,
        email: r.email,
        first_name: r.first_name,
        last_name: r.last_name,
        avatar: r.picture,
        tier: r.tier,
        is_active: r.is_active,
        is_admin: r.role === 'admin',
        created_at: r.created_at,
        last_activity: r.last_activity,
        episode_count: r.episode_count,
        subscription_expires_at: r.subscription_expires_at,
      })),
    };
  }

  private async countUsers(search: string | null): Promise<number> {
    const [row] = await this.em.getConnection().execute(
      `select count(*) as count from users u
        where (?::text is null or u.email ilike ? or u.first_name ilike ? or u.last_name ilike ?
               or concat_ws(' ', u.first_name, u.last_name) ilike ?)`,
      [search, search, search, search, search],
    );
    return z.object({ count: ZCount }).parse(row).count;
  }

  /** Newest shows first; owner_email filters by the owner's email (part of it matches). */
  async podcastsPage(options: {
    ownerEmail?: string | undefined;
    limit: number;
    offset: number;
  }): Promise<{ items: TAdminPodcastRow[]; total: number }> {
    const owner = options.ownerEmail ? containsPattern(options.ownerEmail) : null;
    const where = `where (?::text is null or u.email ilike ?)`;
    const rows = await this.em.getConnection().execute(
      `select p.id, p.name, u.email as owner_email, p.created_at,
              (select count(*) from episodes e where e.podcast_id = p.id) as episode_count,
              (select max(coalesce(e.publish_at, e.created_at)) from episodes e where e.podcast_id = p.id) as last_episode_at,
              count(*) over () as total
         from podcasts p join users u on u.id = p.user_id
        ${where}
        order by p.created_at desc, p.id
        limit ? offset ?`,
      [owner, owner, options.limit, options.offset],
    );
    const parsed = z.array(ZPodcastRow).parse(rows);
    let total = parsed[0]?.total ?? 0;
    if (!parsed.length && options.offset > 0) {
      const [row] = await this.em
        .getConnection()
        .execute(`select count(*) as count from podcasts p join users u on u.id = p.user_id ${where}`, [owner, owner]);
      total = z.object({ count: ZCount }).parse(row).count;
    }
    return { total, items: parsed.map(({ total: _total, ...row }) => row) };
  }
}
