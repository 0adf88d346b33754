import { Migration } from '@mikro-orm/migrations';

export class Migration20261121141509_publishing_hosts extends Migration {
  override name = 'Migration20261121141509_publishing_hosts';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "spreaker_accounts" ("id" uuid not null, "user_id" uuid not null, "spreaker_user_id" varchar(32) not null, "display_name" varchar(255) null, "access_token_enc" text not null, "refresh_token_enc" text null, "expires_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "spreaker_accounts" add constraint "spreaker_accounts_user_id_unique" unique ("user_id");`);

    this.addSql(
      `create table "podcast_distribution_items" ("id" uuid not null, "podcast_id" uuid not null, "key" varchar(32) not null, "status" varchar(16) not null default 'not_started', "notes" text null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "podcast_distribution_items_podcast_id_index" on "podcast_distribution_items" ("podcast_id");`);
    this.addSql(
      `alter table "podcast_distribution_items" add constraint "podcast_distribution_items_podcast_key_unique" unique ("podcast_id", "key");`,
    );

    this.addSql(
      `create table "episode_downloads" ("id" uuid not null, "episode_id" uuid not null, "podcast_id" uuid not null, "dedupe_key" varchar(64) not null, "day" varchar(10) not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "episode_downloads_episode_id_index" on "episode_downloads" ("episode_id");`);
    this.addSql(`create index "episode_downloads_podcast_id_index" on "episode_downloads" ("podcast_id");`);
    this.addSql(`alter table "episode_downloads" add constraint "episode_downloads_dedupe_key_unique" unique ("dedupe_key");`);
    this.addSql(`create index "episode_downloads_created_at_index" on "episode_downloads" ("created_at");`);

    this.addSql(`alter table "episodes" add "host_kind" varchar(16) null, add "host_upload_token" varchar(64) null;`);
    this.addSql(`alter table "episodes" add constraint "episodes_host_episode_unique" unique ("host_kind", "host_episode_id");`);

    this.addSql(
      `alter table "spreaker_accounts" add constraint "spreaker_accounts_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "podcast_distribution_items" add constraint "podcast_distribution_items_podcast_id_foreign" foreign key ("podcast_id") references "podcasts" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "episode_downloads" add constraint "episode_downloads_episode_id_foreign" foreign key ("episode_id") references "episodes" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "episode_downloads" add constraint "episode_downloads_podcast_id_foreign" foreign key ("podcast_id") references "podcasts" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "spreaker_accounts" cascade;`);
    this.addSql(`drop table if exists "podcast_distribution_items" cascade;`);
    this.addSql(`drop table if exists "episode_downloads" cascade;`);

    this.addSql(`alter table "episodes" drop constraint "episodes_host_episode_unique";`);
    this.addSql(`alter table "episodes" drop column "host_kind", drop column "host_upload_token";`);
  }
}
