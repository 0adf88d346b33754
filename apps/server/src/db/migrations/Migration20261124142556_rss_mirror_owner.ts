import { Migration } from '@mikro-orm/migrations';

/**
 * Episodes recovered from Spreaker are mirrored by the same rss.mirror job as imported ones, under an
 * rss_imports row of their own that has no feed snapshot; each episode names the import whose job
 * copies it, so two mirror jobs of one show never fetch the same episode. Episodes waiting now belong
 * to their show's latest import that is still mirroring.
 */
export class Migration20261124142556_rss_mirror_owner extends Migration {
  override name = 'Migration20261124142556_rss_mirror_owner';

  override up(): void | Promise<void> {
    this.addSql(`alter table "rss_imports" alter column "feed_storage_key" drop not null;`);
    this.addSql(`alter table "episodes" add "mirror_import_id" uuid null;`);
    this.addSql(`update "episodes" e set "mirror_import_id" = (
      select r."id" from "rss_imports" r where r."podcast_id" = e."podcast_id" and r."status" = 'mirroring' order by r."created_at" desc limit 1
    ) where e."mirror_status" in ('pending', 'mirroring');`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "episodes" drop column "mirror_import_id";`);
    this.addSql(`delete from "rss_imports" where "feed_storage_key" is null;`);
    this.addSql(`alter table "rss_imports" alter column "feed_storage_key" set not null;`);
  }
}
