import { Migration } from '@mikro-orm/migrations';

/**
 * Podcasting 2.0 of a show and of an episode (issue 36): person, funding, location, license, txt, trailer
 * and medium; soundbites, season name and alternate enclosures; the contracts' ZShowPodcasting20 and
 * ZEpisodePodcasting20 as jsonb, read back through them. Also where an episode's lower-bitrate copy is kept.
 */
export class Migration20261207195500_podcasting20 extends Migration {
  override name = 'Migration20261207195500_podcasting20';

  override up(): void | Promise<void> {
    this.addSql(`alter table "podcasts" add column if not exists "podcasting20" jsonb null;`);
    this.addSql(`alter table "episodes" add column if not exists "podcasting20" jsonb null;`);
    this.addSql(
      `alter table "episodes" add column if not exists "low_bitrate_key" text null, add column if not exists "low_bitrate_bytes" bigint null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "podcasts" drop column if exists "podcasting20";`);
    this.addSql(
      `alter table "episodes" drop column if exists "podcasting20", drop column if exists "low_bitrate_key", drop column if exists "low_bitrate_bytes";`,
    );
  }
}
