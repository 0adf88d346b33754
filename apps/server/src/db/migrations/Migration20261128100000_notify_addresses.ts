import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 14: the other addresses a creator may send upload notifications to, each proven with a code
 * mailed to it (hashed, expiring, its tries counted) before it is used.
 */
export class Migration20261128100000_notify_addresses extends Migration {
  override name = 'Migration20261128100000_notify_addresses';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "notify_addresses" ("id" uuid not null, "user_id" uuid not null, "email" varchar(254) not null, "verified_at" timestamptz null, "code_hash" varchar(64) null, "code_expires_at" timestamptz null, "attempts" int not null default 0, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "notify_addresses_user_id_index" on "notify_addresses" ("user_id");`);
    this.addSql(`alter table "notify_addresses" add constraint "notify_addresses_user_id_email_unique" unique ("user_id", "email");`);
    this.addSql(
      `alter table "notify_addresses" add constraint "notify_addresses_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "notify_addresses" cascade;`);
  }
}
