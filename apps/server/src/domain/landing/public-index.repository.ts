import { Repository } from '../../db/repository.ts';

/** The show sites anyone may visit: those with a published version (a draft after it keeps that one up). */
export class PublicIndexRepository extends Repository {
  async publishedSites(limit: number): Promise<{ subdomain: string; updatedAt: Date }[]> {
    const rows = await this.em
      .getConnection()
      .execute<{ subdomain: string; published_at: string | Date }[]>(
        `select subdomain, published_at from websites where published_layout is not null and published_at is not null order by published_at desc, subdomain limit ?`,
        [limit],
      );
    return rows.map((row) => ({ subdomain: row.subdomain, updatedAt: new Date(row.published_at) }));
  }
}
