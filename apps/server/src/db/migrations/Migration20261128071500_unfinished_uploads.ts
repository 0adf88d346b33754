import { Migration } from '@mikro-orm/migrations';

/**
 * A user's unfinished tus uploads (issue 24): each counted at what it may still grow to, so new ones
 * are refused past the cap, and its last chunk's time, so one left untouched is removed.
 */
export class Migration20261128071500_unfinished_uploads extends Migration {
  override name = 'Migration20261128071500_unfinished_uploads';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "unfinished_uploads" ("id" varchar(255) not null, "user_id" uuid not null references "users" ("id") on delete cascade, "reserved_bytes" bigint not null, "created_at" timestamptz not null default now(), "last_activity_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "unfinished_uploads_user_id_index" on "unfinished_uploads" ("user_id");`);
    this.addSql(`create index "unfinished_uploads_last_activity_at_index" on "unfinished_uploads" ("last_activity_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "unfinished_uploads";`);
  }
}
