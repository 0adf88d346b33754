import { Migration } from '@mikro-orm/migrations';

export class Migration20261121132817_user_disabled_at extends Migration {
  override name = 'Migration20261121132817_user_disabled_at';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add "disabled_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop column "disabled_at";`);
  }
}
