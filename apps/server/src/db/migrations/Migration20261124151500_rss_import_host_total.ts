import { Migration } from '@mikro-orm/migrations';

/**
 * An import from a Spreaker feed linked to the user's Spreaker show records how many episodes the show
 * has there (its RSS feed lists only the newest), so import_status says when a full import is needed.
 */
export class Migration20261124151500_rss_import_host_total extends Migration {
  override name = 'Migration20261124151500_rss_import_host_total';

  override up(): void | Promise<void> {
    this.addSql(`alter table "rss_imports" add "host_total" int null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "rss_imports" drop column "host_total";`);
  }
}
