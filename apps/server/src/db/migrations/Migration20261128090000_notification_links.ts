import { Migration } from '@mikro-orm/migrations';

/** Issue 19: a notice keeps the app path of what it is about, so clicking it opens that episode, upload or show. */
export class Migration20261128090000_notification_links extends Migration {
  override name = 'Migration20261128090000_notification_links';

  override up(): void | Promise<void> {
    this.addSql(`alter table "notifications" add column "link" varchar(500) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "notifications" drop column "link";`);
  }
}
