import { Migration } from '@mikro-orm/migrations';

/**
 * Single-use, short-lived grants (the Spreaker popup's ticket and its OAuth state), stored as hashes
 * and deleted when redeemed.
 */
export class Migration20261125124500_one_time_grants extends Migration {
  override name = 'Migration20261125124500_one_time_grants';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "one_time_grants" ("token_hash" varchar(64) not null, "purpose" varchar(32) not null, "user_id" uuid not null references "users" ("id") on delete cascade, "expires_at" timestamptz not null, primary key ("token_hash"));`,
    );
    this.addSql(`create index "one_time_grants_expires_at_index" on "one_time_grants" ("expires_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "one_time_grants";`);
  }
}
