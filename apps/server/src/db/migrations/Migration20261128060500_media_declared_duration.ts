import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 14: an upload whose header claims a length far from the one it decodes to (a truncated or
 * damaged file) keeps the claimed length beside the decoded one, so the creator is told.
 */
export class Migration20261128060500_media_declared_duration extends Migration {
  override name = 'Migration20261128060500_media_declared_duration';

  override up(): void | Promise<void> {
    this.addSql(`alter table "media_items" add column "declared_duration_seconds" double precision null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "media_items" drop column "declared_duration_seconds";`);
  }
}
