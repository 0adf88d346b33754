import { Migration } from '@mikro-orm/migrations';

/**
 * Finished tus uploads for a day (issue 36): a client whose last answer was lost asks HEAD of its
 * upload and must find it complete, with the media item it became, instead of starting over.
 */
export class Migration20261207161500_finished_uploads extends Migration {
  override name = 'Migration20261207161500_finished_uploads';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "finished_uploads" ("id" varchar(255) not null, "user_id" uuid not null references "users" ("id") on delete cascade, "media_id" uuid not null, "length" bigint not null, "finished_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "finished_uploads_finished_at_index" on "finished_uploads" ("finished_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "finished_uploads";`);
  }
}
